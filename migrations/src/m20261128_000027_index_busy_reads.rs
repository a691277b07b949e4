//! Indexes for the busy pages' reads, found by the plan test
//! (`adapters/postgres/tests/adapters/plans.rs`; docs/benchmarks.md, "Plans"): each lets a read
//! stop after its page instead of reading, and often sorting, everything that matched.
//!
//! - `idx_media_hidden` (`id` where `hidden_at` is set): every list that shows a person or a
//!   group asks whether its avatar or cover is hidden. PostgreSQL answers that for all rows of a
//!   list at once, from the hidden images it collects first; without this index it read every
//!   image to find them.
//! - `idx_notifications_unread` (`recipient_id` where `read_at` is unset): the unread count
//!   reads the unread notifications only, not every notification the person ever had.
//! - `idx_plaza_posts_province`, `idx_plaza_posts_city` (the code's first two or four digits,
//!   then `created_at DESC, id DESC`): the feed of a province or a city, newest first, a page
//!   at a time (a county's is `idx_plaza_posts_district_created`). The statement asks for the
//!   prefix in the same words as the index (`within` in `adapters/postgres/src/plaza.rs`).
//! - `idx_plaza_posts_author_created`, `idx_articles_author_published`: a profile's posts and
//!   articles, newest first, a page at a time.
//! - `idx_audit_events_action_at`, `…_actor_at`, `…_target_at`: the admin logs filtered by one
//!   action, an actor or a target, newest first by keyset; `idx_audit_events_at_id` (000013)
//!   serves the rest, so `idx_audit_events_at` goes.
//!
//! Each index whose columns lead another one goes (the longer one serves its lookups and its
//! foreign key's cascades); `down()` makes them again.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The indexes this migration makes: (name, the statement), in the same SQL on both engines.
const CREATED: [(&str, &str); 9] = [
    (
        "idx_media_hidden",
        "CREATE INDEX idx_media_hidden ON media (id) WHERE hidden_at IS NOT NULL",
    ),
    (
        "idx_notifications_unread",
        "CREATE INDEX idx_notifications_unread ON notifications (recipient_id) \
         WHERE read_at IS NULL",
    ),
    (
        "idx_plaza_posts_province",
        "CREATE INDEX idx_plaza_posts_province ON plaza_posts \
         (substr(district_code, 1, 2), created_at DESC, id DESC)",
    ),
    (
        "idx_plaza_posts_city",
        "CREATE INDEX idx_plaza_posts_city ON plaza_posts \
         (substr(district_code, 1, 4), created_at DESC, id DESC)",
    ),
    (
        "idx_plaza_posts_author_created",
        "CREATE INDEX idx_plaza_posts_author_created ON plaza_posts \
         (author_id, created_at DESC, id DESC)",
    ),
    (
        "idx_articles_author_published",
        "CREATE INDEX idx_articles_author_published ON articles \
         (author_id, status, published_at DESC, id DESC)",
    ),
    (
        "idx_audit_events_action_at",
        "CREATE INDEX idx_audit_events_action_at ON audit_events (action, at DESC, id DESC)",
    ),
    (
        "idx_audit_events_actor_at",
        "CREATE INDEX idx_audit_events_actor_at ON audit_events (actor_id, at DESC, id DESC)",
    ),
    (
        "idx_audit_events_target_at",
        "CREATE INDEX idx_audit_events_target_at ON audit_events (target, at DESC, id DESC)",
    ),
];

/// The indexes the new ones replace, as they were made.
const REPLACED: [(&str, &str); 6] = [
    (
        "idx_plaza_posts_author",
        "CREATE INDEX idx_plaza_posts_author ON plaza_posts (author_id)",
    ),
    (
        "idx_articles_author",
        "CREATE INDEX idx_articles_author ON articles (author_id)",
    ),
    (
        "idx_audit_events_at",
        "CREATE INDEX idx_audit_events_at ON audit_events (at)",
    ),
    (
        "idx_audit_events_action",
        "CREATE INDEX idx_audit_events_action ON audit_events (action)",
    ),
    (
        "idx_audit_events_actor",
        "CREATE INDEX idx_audit_events_actor ON audit_events (actor_id)",
    ),
    (
        "idx_audit_events_target",
        "CREATE INDEX idx_audit_events_target ON audit_events (target)",
    ),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for (_, create) in CREATED {
            db.execute_unprepared(create).await?;
        }
        for (name, _) in REPLACED {
            db.execute_unprepared(&format!("DROP INDEX {name}")).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for (_, create) in REPLACED {
            db.execute_unprepared(create).await?;
        }
        for (name, _) in CREATED {
            db.execute_unprepared(&format!("DROP INDEX {name}")).await?;
        }
        Ok(())
    }
}
