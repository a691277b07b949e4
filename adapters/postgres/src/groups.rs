//! The groups ports over sea-orm: groups, memberships, join requests and articles.
//!
//! One port call is one statement, or one transaction where it writes more than one row.
//! `member_count` only ever moves by `SET member_count = member_count ± 1` in the transaction
//! that activates or removes the membership, never by reading and writing it back. Lists are
//! keyset pages (`WHERE (t, id) < cursor ORDER BY t, id LIMIT page + 1`), never `OFFSET`;
//! the reads that join users (for [`Person`]) or the viewer's membership are hand-written
//! statements, one per call.
//!
//! A group's list of articles leaves out those the viewer may not see for a block or a mute
//! (`crate::blocks::seen_by`); a profile's lists (a person's groups and articles) show nothing
//! when a block stands between the viewer and the person (`crate::blocks::not_blocked`), and
//! are not changed by a mute.

use crate::blocks::{not_blocked, seen_by};
use crate::entities::{
    articles, group_join_requests as requests, group_memberships, groups as group_rows,
};
use crate::sql::{Order, Sql, columns, contains_pattern, stored};
use crate::unexpected;
use crate::withheld::{Held, Item, hold, shown_to};
use ::groups::GroupsError;
use ::groups::model::{
    Article, ArticleStatus, ArticleSummary, Decision, Group, GroupListing, JoinPolicy, JoinRequest,
    JoinRequestId, Member, MemberRole, MemberState, Membership, Person, ReplyThread, RequestStatus,
    TransferOffer, Visibility,
};
use ::groups::ports::{ArticleRepository, GroupRepository, GroupWithOffer, SaveOutcome, SeenBy};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use kernel::{ArticleId, Cursor, GroupId, MediaId, Page, PageRequest, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbErr,
    EntityTrait, FromQueryResult, PaginatorTrait, QueryFilter, QueryResult, Set, TransactionTrait,
};
use uuid::Uuid;

fn failed(e: DbErr) -> GroupsError {
    GroupsError::Unexpected(unexpected(e))
}

fn corrupt(what: &str, value: &str) -> GroupsError {
    // Stored rows were valid when written; one that no longer parses is data corruption.
    GroupsError::Unexpected(anyhow::anyhow!("stored {what} {value:?} is invalid"))
}

fn to_u32(what: &str, value: i64) -> Result<u32, GroupsError> {
    u32::try_from(value).map_err(|_| corrupt(what, &value.to_string()))
}

fn to_group(m: group_rows::Model) -> Result<Group, GroupsError> {
    Ok(Group {
        id: GroupId(m.id),
        visibility: Visibility::parse(&m.visibility)
            .ok_or_else(|| corrupt("visibility", &m.visibility))?,
        join_policy: JoinPolicy::parse(&m.join_policy)
            .ok_or_else(|| corrupt("join policy", &m.join_policy))?,
        member_count: to_u32("member count", m.member_count)?,
        name: m.name,
        description: m.description,
        cover: m.cover_id.map(MediaId),
        invite_code: m.invite_code,
        owner: UserId(m.owner_id),
        created_at: m.created_at,
        updated_at: m.updated_at,
    })
}

fn role(raw: &str) -> Result<MemberRole, GroupsError> {
    MemberRole::parse(raw).ok_or_else(|| corrupt("role", raw))
}

fn member_state(raw: &str) -> Result<MemberState, GroupsError> {
    MemberState::parse(raw).ok_or_else(|| corrupt("membership state", raw))
}

fn to_membership(m: group_memberships::Model) -> Result<Membership, GroupsError> {
    Ok(Membership {
        group: GroupId(m.group_id),
        user: UserId(m.user_id),
        role: role(&m.role)?,
        state: member_state(&m.state)?,
        since: m.since,
    })
}

/// The author, member or requester joined from `users` as `u`; an avatar an administrator hid
/// reads as none (the row keeps it, so unhiding brings it back).
const PERSON_COLUMNS: &str = "u.id AS p_id, u.username AS p_username, u.nickname AS p_nickname, u.avatar_url AS p_avatar_url, \
     CASE WHEN EXISTS (SELECT 1 FROM media hm WHERE hm.id = u.avatar_media_id AND hm.hidden_at IS NOT NULL) \
     THEN NULL ELSE u.avatar_media_id END AS p_avatar_media_id";

/// The columns of a group `g` read back under `g_`, a cover an administrator hid reading as none
/// (the row keeps it: [`SqlGroupRepository::update`] does not clear a hidden cover it was not
/// shown).
fn group_columns() -> String {
    columns::<group_rows::Entity>("g", "g_").replace(
        "g.cover_id AS g_cover_id",
        "CASE WHEN EXISTS (SELECT 1 FROM media hm WHERE hm.id = g.cover_id AND hm.hidden_at IS NOT NULL) \
         THEN NULL ELSE g.cover_id END AS g_cover_id",
    )
}

fn person(row: &QueryResult) -> Result<Person, GroupsError> {
    Ok(Person {
        id: UserId(row.try_get("", "p_id").map_err(failed)?),
        username: row.try_get("", "p_username").map_err(failed)?,
        nickname: row.try_get("", "p_nickname").map_err(failed)?,
        avatar_url: row.try_get("", "p_avatar_url").map_err(failed)?,
        avatar: row
            .try_get::<Option<uuid::Uuid>>("", "p_avatar_media_id")
            .map_err(failed)?
            .map(kernel::MediaId),
    })
}

/// An offer (`o_…`) and both its people (`f_…`, `t_…`), for [`to_offer`].
macro_rules! offer_columns {
    () => {
        "o.group_id AS o_group_id, o.created_at AS o_created_at, \
         f.id AS f_id, f.username AS f_username, f.nickname AS f_nickname, \
         f.avatar_url AS f_avatar_url, f.avatar_media_id AS f_avatar_media_id, \
         t.id AS t_id, t.username AS t_username, t.nickname AS t_nickname, \
         t.avatar_url AS t_avatar_url, t.avatar_media_id AS t_avatar_media_id"
    };
}

/// The group `id` and the viewer's membership of it ([`listing`]); `with_offer`, also its
/// pending offer of ownership and both its people (`o_…`, `f_…`, `t_…`; [`to_offer`]).
fn find_sql(id: GroupId, viewer: Option<UserId>, with_offer: bool) -> Sql {
    let mut sql = with_membership(viewer, with_offer);
    let g = sql.bind(id.0);
    sql.push(&format!(" WHERE g.id = {g}"));
    sql
}

/// `SELECT` of groups `g` with the viewer's membership `m` (and the pending offer, when asked),
/// up to its `WHERE`: what [`GroupRepository::find`] and [`GroupRepository::find_many`] read.
fn with_membership(viewer: Option<UserId>, with_offer: bool) -> Sql {
    let offer = if with_offer {
        concat!(", ", offer_columns!())
    } else {
        ""
    };
    let mut sql = Sql::new(&format!(
        "SELECT {}, {}{offer} FROM groups g LEFT JOIN group_memberships m \
         ON m.group_id = g.id AND m.user_id = ",
        group_columns(),
        columns::<group_memberships::Entity>("m", "m_"),
    ));
    let v = sql.bind(viewer.map(|v| v.0));
    sql.push(&v);
    if with_offer {
        sql.push(
            " LEFT JOIN group_transfer_offers o ON o.group_id = g.id \
             LEFT JOIN users f ON f.id = o.from_id LEFT JOIN users t ON t.id = o.to_id",
        );
    }
    sql
}

/// A group (`g_…`) and, from a `LEFT JOIN`, a membership (`m_…`) if the row has one.
fn listing(row: &QueryResult) -> Result<GroupListing, GroupsError> {
    let group = to_group(group_rows::Model::from_query_result(row, "g_").map_err(failed)?)?;
    let member: Option<Uuid> = row.try_get("", "m_user_id").map_err(failed)?;
    let membership = match member {
        Some(_) => Some(to_membership(
            group_memberships::Model::from_query_result(row, "m_").map_err(failed)?,
        )?),
        None => None,
    };
    Ok(GroupListing { group, membership })
}

/// The viewer's membership of a row's group, read under the `vm_` prefix (`None`: none).
fn viewer_membership(row: &QueryResult) -> Result<Option<Membership>, GroupsError> {
    let member: Option<Uuid> = row.try_get("", "vm_user_id").map_err(failed)?;
    match member {
        Some(_) => Ok(Some(to_membership(
            group_memberships::Model::from_query_result(row, "vm_").map_err(failed)?,
        )?)),
        None => Ok(None),
    }
}

fn to_request(row: &QueryResult) -> Result<JoinRequest, GroupsError> {
    let m = requests::Model::from_query_result(row, "r_").map_err(failed)?;
    Ok(JoinRequest {
        id: JoinRequestId(m.id),
        group: GroupId(m.group_id),
        person: person(row)?,
        status: RequestStatus::parse(&m.status)
            .ok_or_else(|| corrupt("request status", &m.status))?,
        granted_role: m.granted_role.as_deref().map(role).transpose()?,
        message: m.message,
        created_at: m.created_at,
        decided_by: m.decided_by.map(UserId),
        decided_at: m.decided_at,
        reason: m.reason,
    })
}

fn to_member(row: &QueryResult) -> Result<Member, GroupsError> {
    let m = to_membership(group_memberships::Model::from_query_result(row, "m_").map_err(failed)?)?;
    Ok(Member {
        person: person(row)?,
        role: m.role,
        state: m.state,
        since: m.since,
    })
}

async fn query_all(c: &impl ConnectionTrait, sql: Sql) -> Result<Vec<QueryResult>, GroupsError> {
    c.query_all_raw(sql.build(c.get_database_backend()))
        .await
        .map_err(failed)
}

async fn execute(
    c: &impl ConnectionTrait,
    sql: &str,
    values: Vec<sea_orm::Value>,
) -> Result<u64, GroupsError> {
    c.execute_raw(crate::statement(c.get_database_backend(), sql, values))
        .await
        .map(|r| r.rows_affected())
        .map_err(failed)
}

/// `UPDATE groups SET member_count = member_count + delta`: never read and written back.
async fn count_member(
    c: &impl ConnectionTrait,
    group: GroupId,
    delta: i64,
) -> Result<(), GroupsError> {
    execute(
        c,
        "UPDATE groups SET member_count = member_count + $1 WHERE id = $2",
        vec![delta.into(), group.0.into()],
    )
    .await
    .map(|_| ())
}

/// Marks `user`'s pending requests to `group` withdrawn (they left, or were banned).
async fn withdraw_requests(
    c: &impl ConnectionTrait,
    group: GroupId,
    user: UserId,
    now: DateTime<Utc>,
) -> Result<(), GroupsError> {
    execute(
        c,
        "UPDATE group_join_requests SET status = $1, decided_at = $2 \
         WHERE group_id = $3 AND user_id = $4 AND status = $5",
        vec![
            RequestStatus::Withdrawn.as_str().into(),
            stored(now).into(),
            group.0.into(),
            user.0.into(),
            RequestStatus::Pending.as_str().into(),
        ],
    )
    .await
    .map(|_| ())
}

/// Inserts a membership unless the person has one of any state; when they do, the error its
/// state calls for. Inside the caller's transaction (`ON CONFLICT DO NOTHING` waits for a
/// concurrent insert of the same row to finish, so the lookup then sees it).
async fn insert_membership(txn: &DatabaseTransaction, m: &Membership) -> Result<(), GroupsError> {
    let inserted = execute(
        txn,
        "INSERT INTO group_memberships (group_id, user_id, role, state, since) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (group_id, user_id) DO NOTHING",
        vec![
            m.group.0.into(),
            m.user.0.into(),
            m.role.as_str().into(),
            m.state.as_str().into(),
            stored(m.since).into(),
        ],
    )
    .await?;
    if inserted == 1 {
        return Ok(());
    }
    let existing = group_memberships::Entity::find_by_id((m.group.0, m.user.0))
        .one(txn)
        .await
        .map_err(failed)?;
    Err(
        match existing.map(|e| member_state(&e.state)).transpose()? {
            Some(MemberState::Banned) => GroupsError::Banned,
            Some(MemberState::Pending) => GroupsError::RequestPending,
            Some(MemberState::Active) => GroupsError::AlreadyMember,
            // Deleted again between the two statements: the caller may simply retry.
            None => anyhow::anyhow!("the membership changed concurrently").into(),
        },
    )
}

fn request_select() -> Sql {
    Sql::new(&format!(
        "SELECT {}, {PERSON_COLUMNS} FROM group_join_requests r JOIN users u ON u.id = r.user_id WHERE ",
        columns::<requests::Entity>("r", "r_")
    ))
}

async fn load_request(
    c: &impl ConnectionTrait,
    id: JoinRequestId,
) -> Result<Option<JoinRequest>, GroupsError> {
    let mut sql = request_select();
    let p = sql.bind(id.0);
    sql.push(&format!("r.id = {p}"));
    query_all(c, sql).await?.first().map(to_request).transpose()
}

#[derive(Debug, Clone)]
pub struct SqlGroupRepository {
    db: DatabaseConnection,
}

impl SqlGroupRepository {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    async fn begin(&self) -> Result<DatabaseTransaction, GroupsError> {
        self.db.begin().await.map_err(failed)
    }

    /// Active or banned members of a group, in the list's order.
    async fn members_in(
        &self,
        group: GroupId,
        state: MemberState,
        order: Order,
        page: PageRequest,
    ) -> Result<Page<Member>, GroupsError> {
        let mut sql = Sql::new(&format!(
            "SELECT {}, {PERSON_COLUMNS} FROM group_memberships m JOIN users u ON u.id = m.user_id \
             WHERE ",
            columns::<group_memberships::Entity>("m", "m_")
        ));
        let (g, s) = (sql.bind(group.0), sql.bind(state.as_str()));
        sql.push(&format!("m.group_id = {g} AND m.state = {s}"))
            .after("m.since", "m.user_id", page.after, order)
            .order_limit("m.since", "m.user_id", order, page.fetch_limit());
        let rows = query_all(&self.db, sql)
            .await?
            .iter()
            .map(to_member)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Page::from_fetched(rows, page, |m| {
            Cursor::new(m.since, m.person.id.0)
        }))
    }
}

fn group_cursor(l: &GroupListing) -> Cursor {
    Cursor::new(l.group.created_at, l.group.id.0)
}

#[async_trait]
impl GroupRepository for SqlGroupRepository {
    async fn create(&self, group: &Group) -> Result<(), GroupsError> {
        let txn = self.begin().await?;
        group_rows::ActiveModel {
            id: Set(group.id.0),
            name: Set(group.name.clone()),
            name_folded: Set(group.name.to_lowercase()),
            description: Set(group.description.clone()),
            cover_id: Set(group.cover.map(|c| c.0)),
            visibility: Set(group.visibility.as_str().to_owned()),
            join_policy: Set(group.join_policy.as_str().to_owned()),
            invite_code: Set(group.invite_code.clone()),
            owner_id: Set(group.owner.0),
            member_count: Set(1),
            created_at: Set(stored(group.created_at)),
            updated_at: Set(stored(group.updated_at)),
        }
        .insert(&txn)
        .await
        .map_err(failed)?;
        group_memberships::ActiveModel {
            group_id: Set(group.id.0),
            user_id: Set(group.owner.0),
            role: Set(MemberRole::Owner.as_str().to_owned()),
            state: Set(MemberState::Active.as_str().to_owned()),
            since: Set(stored(group.created_at)),
        }
        .insert(&txn)
        .await
        .map_err(failed)?;
        txn.commit().await.map_err(failed)
    }

    async fn count_owned(&self, owner: UserId) -> Result<u32, GroupsError> {
        let n = group_rows::Entity::find()
            .filter(group_rows::Column::OwnerId.eq(owner.0))
            .count(&self.db)
            .await
            .map_err(failed)?;
        Ok(u32::try_from(n).unwrap_or(u32::MAX))
    }

    async fn find(
        &self,
        id: GroupId,
        viewer: Option<UserId>,
    ) -> Result<Option<(Group, Option<Membership>)>, GroupsError> {
        query_all(&self.db, find_sql(id, viewer, false))
            .await?
            .first()
            .map(|row| listing(row).map(|l| (l.group, l.membership)))
            .transpose()
    }

    async fn find_many(
        &self,
        ids: &[GroupId],
        viewer: Option<UserId>,
    ) -> Result<Vec<(Group, Option<Membership>)>, GroupsError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut sql = with_membership(viewer, false);
        let ids: Vec<String> = ids.iter().map(|id| sql.bind(id.0)).collect();
        sql.push(&format!(" WHERE g.id IN ({})", ids.join(", ")));
        query_all(&self.db, sql)
            .await?
            .iter()
            .map(|row| listing(row).map(|l| (l.group, l.membership)))
            .collect()
    }

    async fn find_with_offer(
        &self,
        id: GroupId,
        viewer: Option<UserId>,
    ) -> Result<Option<GroupWithOffer>, GroupsError> {
        query_all(&self.db, find_sql(id, viewer, true))
            .await?
            .first()
            .map(|row| {
                let found = listing(row)?;
                let offered: Option<Uuid> = row.try_get("", "o_group_id").map_err(failed)?;
                Ok(GroupWithOffer {
                    group: found.group,
                    membership: found.membership,
                    offer: offered.map(|_| to_offer(row)).transpose()?,
                })
            })
            .transpose()
    }

    async fn update(&self, group: &Group) -> Result<bool, GroupsError> {
        let changed = group_rows::Entity::update_many()
            .col_expr(group_rows::Column::Name, Expr::value(group.name.clone()))
            .col_expr(
                group_rows::Column::NameFolded,
                Expr::value(group.name.to_lowercase()),
            )
            .col_expr(
                group_rows::Column::Description,
                Expr::value(group.description.clone()),
            )
            .col_expr(
                group_rows::Column::Visibility,
                Expr::value(group.visibility.as_str()),
            )
            .col_expr(
                group_rows::Column::JoinPolicy,
                Expr::value(group.join_policy.as_str()),
            )
            .col_expr(
                group_rows::Column::InviteCode,
                Expr::value(group.invite_code.clone()),
            )
            .col_expr(
                group_rows::Column::CoverId,
                match group.cover {
                    Some(c) => Expr::value(c.0),
                    // A hidden cover was read as none: saving what was read keeps it.
                    None => Expr::cust(
                        "CASE WHEN EXISTS (SELECT 1 FROM media hm WHERE hm.id = groups.cover_id \
                         AND hm.hidden_at IS NOT NULL) THEN groups.cover_id ELSE NULL END",
                    ),
                },
            )
            .col_expr(
                group_rows::Column::UpdatedAt,
                Expr::value(stored(group.updated_at)),
            )
            .filter(group_rows::Column::Id.eq(group.id.0))
            .exec(&self.db)
            .await
            .map_err(failed)?
            .rows_affected;
        Ok(changed > 0)
    }

    async fn delete(&self, id: GroupId) -> Result<(), GroupsError> {
        // Memberships, requests and articles go by their cascading foreign keys.
        group_rows::Entity::delete_by_id(id.0)
            .exec(&self.db)
            .await
            .map_err(failed)?;
        Ok(())
    }

    async fn discover(
        &self,
        query: Option<String>,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<GroupListing>, GroupsError> {
        let mut sql = Sql::new(&format!(
            "SELECT {}, {} FROM groups g LEFT JOIN group_memberships m \
             ON m.group_id = g.id AND m.user_id = ",
            group_columns(),
            columns::<group_memberships::Entity>("m", "m_"),
        ));
        let v = sql.bind(viewer.map(|v| v.0));
        let public = sql.bind(Visibility::Public.as_str());
        let active = sql.bind(MemberState::Active.as_str());
        sql.push(&format!(
            "{v} WHERE (g.visibility = {public} OR m.state = {active})"
        ));
        if let Some(q) = query.filter(|q| !q.is_empty()) {
            // Both sides folded by Rust's Unicode lower-casing; `LIKE` then compares exactly
            // on PostgreSQL and SQLite alike.
            let pattern = sql.bind(contains_pattern(&q.to_lowercase()));
            sql.push(&format!(" AND g.name_folded LIKE {pattern} ESCAPE '\\'"));
        }
        sql.after("g.created_at", "g.id", page.after, Order::Desc)
            .order_limit("g.created_at", "g.id", Order::Desc, page.fetch_limit());
        let rows = query_all(&self.db, sql)
            .await?
            .iter()
            .map(listing)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Page::from_fetched(rows, page, group_cursor))
    }

    async fn of_member(
        &self,
        user: UserId,
        page: PageRequest,
    ) -> Result<Page<GroupListing>, GroupsError> {
        let mut sql = Sql::new(&format!(
            "SELECT {}, {} FROM group_memberships m JOIN groups g ON g.id = m.group_id WHERE ",
            group_columns(),
            columns::<group_memberships::Entity>("m", "m_"),
        ));
        let u = sql.bind(user.0);
        let active = sql.bind(MemberState::Active.as_str());
        let pending = sql.bind(MemberState::Pending.as_str());
        sql.push(&format!(
            "m.user_id = {u} AND m.state IN ({active}, {pending})"
        ))
        .after("m.since", "m.group_id", page.after, Order::Desc)
        .order_limit("m.since", "m.group_id", Order::Desc, page.fetch_limit());
        let rows = query_all(&self.db, sql)
            .await?
            .iter()
            .map(listing)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Page::from_fetched(rows, page, |l| {
            let since = l
                .membership
                .as_ref()
                .map_or(l.group.created_at, |m| m.since);
            Cursor::new(since, l.group.id.0)
        }))
    }

    async fn of_member_seen_by(
        &self,
        user: UserId,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<SeenBy<Membership>>, GroupsError> {
        let mut sql = Sql::new(&format!(
            "SELECT {}, {}, {} FROM group_memberships m JOIN groups g ON g.id = m.group_id \
             LEFT JOIN group_memberships vm ON vm.group_id = g.id AND vm.user_id = ",
            group_columns(),
            columns::<group_memberships::Entity>("m", "m_"),
            columns::<group_memberships::Entity>("vm", "vm_"),
        ));
        let v = sql.bind(viewer.map(|v| v.0));
        let u = sql.bind(user.0);
        let active = sql.bind(MemberState::Active.as_str());
        let public = sql.bind(Visibility::Public.as_str());
        sql.push(&format!(
            "{v} WHERE m.user_id = {u} AND m.state = {active} \
             AND (g.visibility = {public} OR vm.state = {active})"
        ));
        // Of the member's id, once for the page (as `SqlPostRepository::by_author`).
        not_blocked(&mut sql, viewer, &u);
        sql.after("m.since", "m.group_id", page.after, Order::Desc)
            .order_limit("m.since", "m.group_id", Order::Desc, page.fetch_limit());
        let rows = query_all(&self.db, sql)
            .await?
            .iter()
            .map(|row| {
                let listing = listing(row)?;
                let item = listing
                    .membership
                    .ok_or_else(|| anyhow::anyhow!("a joined membership row is missing"))?;
                Ok(SeenBy {
                    item,
                    group: listing.group,
                    viewer: viewer_membership(row)?,
                })
            })
            .collect::<Result<Vec<_>, GroupsError>>()?;
        Ok(Page::from_fetched(rows, page, |r| {
            Cursor::new(r.item.since, r.group.id.0)
        }))
    }

    async fn join(&self, membership: &Membership) -> Result<(), GroupsError> {
        let txn = self.begin().await?;
        insert_membership(&txn, membership).await?;
        if membership.is_active() {
            count_member(&txn, membership.group, 1).await?;
        }
        txn.commit().await.map_err(failed)
    }

    async fn request(&self, request: &JoinRequest) -> Result<(), GroupsError> {
        let txn = self.begin().await?;
        insert_membership(
            &txn,
            &Membership {
                group: request.group,
                user: request.person.id,
                role: MemberRole::Member,
                state: MemberState::Pending,
                since: request.created_at,
            },
        )
        .await?;
        requests::ActiveModel {
            id: Set(request.id.0),
            group_id: Set(request.group.0),
            user_id: Set(request.person.id.0),
            message: Set(request.message.clone()),
            status: Set(request.status.as_str().to_owned()),
            created_at: Set(stored(request.created_at)),
            decided_by: Set(request.decided_by.map(|u| u.0)),
            decided_at: Set(request.decided_at.map(stored)),
            reason: Set(request.reason.clone()),
            granted_role: Set(request.granted_role.map(|r| r.as_str().to_owned())),
        }
        .insert(&txn)
        .await
        .map_err(failed)?;
        txn.commit().await.map_err(failed)
    }

    async fn members(
        &self,
        group: GroupId,
        page: PageRequest,
    ) -> Result<Page<Member>, GroupsError> {
        self.members_in(group, MemberState::Active, Order::Asc, page)
            .await
    }

    async fn banned(&self, group: GroupId, page: PageRequest) -> Result<Page<Member>, GroupsError> {
        self.members_in(group, MemberState::Banned, Order::Desc, page)
            .await
    }

    async fn managers(&self, group: GroupId) -> Result<Vec<UserId>, GroupsError> {
        let mut sql = Sql::new("SELECT user_id FROM group_memberships WHERE group_id = ");
        let (g, s) = (sql.bind(group.0), sql.bind(MemberState::Active.as_str()));
        let (owner, admin) = (
            sql.bind(MemberRole::Owner.as_str()),
            sql.bind(MemberRole::Admin.as_str()),
        );
        sql.push(&format!(
            "{g} AND state = {s} AND role IN ({owner}, {admin})"
        ));
        query_all(&self.db, sql)
            .await?
            .iter()
            .map(|row| Ok(UserId(row.try_get("", "user_id").map_err(failed)?)))
            .collect()
    }

    async fn set_role(
        &self,
        group: GroupId,
        user: UserId,
        role: MemberRole,
    ) -> Result<bool, GroupsError> {
        let changed = execute(
            &self.db,
            "UPDATE group_memberships SET role = $1 \
             WHERE group_id = $2 AND user_id = $3 AND state = $4",
            vec![
                role.as_str().into(),
                group.0.into(),
                user.0.into(),
                MemberState::Active.as_str().into(),
            ],
        )
        .await?;
        Ok(changed == 1)
    }

    async fn remove(
        &self,
        group: GroupId,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<bool, GroupsError> {
        let txn = self.begin().await?;
        let backend = txn.get_database_backend();
        let deleted = txn
            .query_one_raw(crate::statement(
                backend,
                "DELETE FROM group_memberships WHERE group_id = $1 AND user_id = $2 RETURNING state",
                vec![group.0.into(), user.0.into()],
            ))
            .await
            .map_err(failed)?;
        let Some(row) = deleted else {
            txn.rollback().await.map_err(failed)?;
            return Ok(false);
        };
        let state: String = row.try_get("", "state").map_err(failed)?;
        match member_state(&state)? {
            MemberState::Active => count_member(&txn, group, -1).await?,
            MemberState::Pending => withdraw_requests(&txn, group, user, now).await?,
            MemberState::Banned => {}
        }
        txn.commit().await.map_err(failed)?;
        Ok(true)
    }

    async fn ban(
        &self,
        group: GroupId,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<(), GroupsError> {
        let txn = self.begin().await?;
        let banned = |state: MemberState| {
            vec![
                MemberState::Banned.as_str().into(),
                MemberRole::Member.as_str().into(),
                stored(now).into(),
                group.0.into(),
                user.0.into(),
                state.as_str().into(),
            ]
        };
        let set_banned = "UPDATE group_memberships SET state = $1, role = $2, since = $3 \
                          WHERE group_id = $4 AND user_id = $5 AND state = $6";
        // An active member: banned and uncounted, in one conditional step each.
        if execute(&txn, set_banned, banned(MemberState::Active)).await? == 1 {
            count_member(&txn, group, -1).await?;
        }
        // A pending one: banned, the request withdrawn.
        if execute(&txn, set_banned, banned(MemberState::Pending)).await? == 1 {
            withdraw_requests(&txn, group, user, now).await?;
        }
        // Nobody yet: a ban of its own. (Banned already: left as it is, since included.)
        execute(
            &txn,
            "INSERT INTO group_memberships (group_id, user_id, role, state, since) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (group_id, user_id) DO NOTHING",
            vec![
                group.0.into(),
                user.0.into(),
                MemberRole::Member.as_str().into(),
                MemberState::Banned.as_str().into(),
                stored(now).into(),
            ],
        )
        .await?;
        txn.commit().await.map_err(failed)
    }

    async fn unban(&self, group: GroupId, user: UserId) -> Result<bool, GroupsError> {
        let deleted = execute(
            &self.db,
            "DELETE FROM group_memberships WHERE group_id = $1 AND user_id = $2 AND state = $3",
            vec![
                group.0.into(),
                user.0.into(),
                MemberState::Banned.as_str().into(),
            ],
        )
        .await?;
        Ok(deleted == 1)
    }

    async fn offer_transfer(
        &self,
        group: GroupId,
        from: UserId,
        to: UserId,
        now: DateTime<Utc>,
    ) -> Result<(), GroupsError> {
        // The group is the key: a second offer is a unique violation, told apart from other
        // failures by the statement that inserts nothing when one is waiting.
        let inserted = execute(
            &self.db,
            "INSERT INTO group_transfer_offers (group_id, from_id, to_id, created_at) \
             SELECT $1, $2, $3, $4 WHERE NOT EXISTS \
             (SELECT 1 FROM group_transfer_offers WHERE group_id = $1)",
            vec![
                group.0.into(),
                from.0.into(),
                to.0.into(),
                stored(now).into(),
            ],
        )
        .await;
        match inserted {
            Ok(1) => Ok(()),
            Ok(_) => Err(GroupsError::TransferOfferPending),
            Err(e) => match self.transfer_offer(group).await {
                Ok(Some(_)) => Err(GroupsError::TransferOfferPending),
                _ => Err(e),
            },
        }
    }

    async fn transfer_offer(&self, group: GroupId) -> Result<Option<TransferOffer>, GroupsError> {
        let mut sql = Sql::new(OFFER_SELECT);
        let g = sql.bind(group.0);
        sql.push(&format!("o.group_id = {g}"));
        query_all(&self.db, sql)
            .await?
            .first()
            .map(to_offer)
            .transpose()
    }

    async fn transfer_offers_of(&self, user: UserId) -> Result<Vec<TransferOffer>, GroupsError> {
        let mut sql = Sql::new(OFFER_SELECT);
        let u = sql.bind(user.0);
        sql.push(&format!(
            "(o.to_id = {u} OR o.from_id = {u}) ORDER BY o.created_at DESC, o.group_id DESC"
        ));
        query_all(&self.db, sql)
            .await?
            .iter()
            .map(to_offer)
            .collect()
    }

    async fn withdraw_transfer(
        &self,
        group: GroupId,
        to: Option<UserId>,
    ) -> Result<bool, GroupsError> {
        let deleted = match to {
            None => {
                execute(
                    &self.db,
                    "DELETE FROM group_transfer_offers WHERE group_id = $1",
                    vec![group.0.into()],
                )
                .await?
            }
            Some(to) => {
                execute(
                    &self.db,
                    "DELETE FROM group_transfer_offers WHERE group_id = $1 AND to_id = $2",
                    vec![group.0.into(), to.0.into()],
                )
                .await?
            }
        };
        Ok(deleted == 1)
    }

    async fn accept_transfer(
        &self,
        group: GroupId,
        from: UserId,
        to: UserId,
        max_owned: u32,
    ) -> Result<(), GroupsError> {
        let txn = self.begin().await?;
        // One recipient's acceptances one at a time (PostgreSQL; SQLite runs one writer), so
        // the count below cannot be read by two of them before either writes.
        if txn.get_database_backend() == sea_orm::DbBackend::Postgres {
            execute(
                &txn,
                "SELECT id FROM users WHERE id = $1 FOR UPDATE",
                vec![to.0.into()],
            )
            .await?;
        }
        let taken = execute(
            &txn,
            "DELETE FROM group_transfer_offers WHERE group_id = $1 AND from_id = $2 AND to_id = $3",
            vec![group.0.into(), from.0.into(), to.0.into()],
        )
        .await?;
        if taken != 1 {
            txn.rollback().await.map_err(failed)?;
            return Err(GroupsError::NoTransferOffer);
        }
        let owned = group_rows::Entity::find()
            .filter(group_rows::Column::OwnerId.eq(to.0))
            .count(&txn)
            .await
            .map_err(failed)?;
        if owned >= u64::from(max_owned) {
            txn.rollback().await.map_err(failed)?;
            return Err(GroupsError::TooManyGroups { max: max_owned });
        }
        let set_role = "UPDATE group_memberships SET role = $1 \
                        WHERE group_id = $2 AND user_id = $3 AND state = $4";
        let active = MemberState::Active.as_str();
        let demoted = execute(
            &txn,
            set_role,
            vec![
                MemberRole::Admin.as_str().into(),
                group.0.into(),
                from.0.into(),
                active.into(),
            ],
        )
        .await?;
        let promoted = execute(
            &txn,
            set_role,
            vec![
                MemberRole::Owner.as_str().into(),
                group.0.into(),
                to.0.into(),
                active.into(),
            ],
        )
        .await?;
        if promoted != 1 {
            txn.rollback().await.map_err(failed)?;
            return Err(GroupsError::NotAMember);
        }
        let moved = execute(
            &txn,
            "UPDATE groups SET owner_id = $1 WHERE id = $2 AND owner_id = $3",
            vec![to.0.into(), group.0.into(), from.0.into()],
        )
        .await?;
        if moved != 1 || demoted != 1 {
            txn.rollback().await.map_err(failed)?;
            return Err(GroupsError::NoTransferOffer);
        }
        txn.commit().await.map_err(failed)
    }

    async fn requests(
        &self,
        group: GroupId,
        pending_only: bool,
        page: PageRequest,
    ) -> Result<Page<JoinRequest>, GroupsError> {
        let mut sql = request_select();
        let g = sql.bind(group.0);
        sql.push(&format!("r.group_id = {g}"));
        if pending_only {
            let pending = sql.bind(RequestStatus::Pending.as_str());
            sql.push(&format!(" AND r.status = {pending}"));
        }
        sql.after("r.created_at", "r.id", page.after, Order::Desc)
            .order_limit("r.created_at", "r.id", Order::Desc, page.fetch_limit());
        let rows = query_all(&self.db, sql)
            .await?
            .iter()
            .map(to_request)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Page::from_fetched(rows, page, |r| {
            Cursor::new(r.created_at, r.id.0)
        }))
    }

    async fn find_request(&self, id: JoinRequestId) -> Result<Option<JoinRequest>, GroupsError> {
        load_request(&self.db, id).await
    }

    async fn decide(
        &self,
        id: JoinRequestId,
        decision: &Decision,
        by: UserId,
        now: DateTime<Utc>,
    ) -> Result<Option<JoinRequest>, GroupsError> {
        let now = stored(now);
        let (status, reason, granted) = match decision {
            Decision::Approve(role) => (RequestStatus::Approved, None, Some(*role)),
            Decision::Reject(reason) => (RequestStatus::Rejected, reason.clone(), None),
        };
        let txn = self.begin().await?;
        // The one step that decides: only a pending request changes. On PostgreSQL a second,
        // concurrent decision waits on this row's lock and then finds it decided; SQLite runs
        // one writer at a time.
        let decided = execute(
            &txn,
            "UPDATE group_join_requests \
             SET status = $1, decided_by = $2, decided_at = $3, reason = $4, granted_role = $5 \
             WHERE id = $6 AND status = $7",
            vec![
                status.as_str().into(),
                by.0.into(),
                now.into(),
                reason.into(),
                granted.map(|r| r.as_str().to_owned()).into(),
                id.0.into(),
                RequestStatus::Pending.as_str().into(),
            ],
        )
        .await?;
        if decided != 1 {
            txn.rollback().await.map_err(failed)?;
            return Ok(None);
        }
        let request = load_request(&txn, id)
            .await?
            .ok_or_else(|| anyhow::anyhow!("the decided request {} vanished", id.0))?;
        let (group, user) = (request.group, request.person.id);
        match granted {
            Some(role) => {
                // Pending becomes active (or, should the membership be missing, one is
                // made); counted only when this statement made it active.
                let activated = execute(
                    &txn,
                    "INSERT INTO group_memberships (group_id, user_id, role, state, since) \
                     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (group_id, user_id) DO UPDATE \
                     SET role = excluded.role, state = excluded.state, since = excluded.since \
                     WHERE group_memberships.state = $6",
                    vec![
                        group.0.into(),
                        user.0.into(),
                        role.as_str().into(),
                        MemberState::Active.as_str().into(),
                        now.into(),
                        MemberState::Pending.as_str().into(),
                    ],
                )
                .await?;
                if activated == 1 {
                    count_member(&txn, group, 1).await?;
                }
            }
            None => {
                execute(
                    &txn,
                    "DELETE FROM group_memberships \
                     WHERE group_id = $1 AND user_id = $2 AND state = $3",
                    vec![
                        group.0.into(),
                        user.0.into(),
                        MemberState::Pending.as_str().into(),
                    ],
                )
                .await?;
            }
        }
        txn.commit().await.map_err(failed)?;
        Ok(Some(request))
    }
}

/// A pending offer `o` with its two people, `f` (the owner) and `t` (the recipient); the
/// caller appends the condition.
const OFFER_SELECT: &str = concat!(
    "SELECT ",
    offer_columns!(),
    " FROM group_transfer_offers o JOIN users f ON f.id = o.from_id \
     JOIN users t ON t.id = o.to_id WHERE "
);

fn person_as(row: &QueryResult, p: &str) -> Result<Person, GroupsError> {
    let col = |c: &str| format!("{p}_{c}");
    Ok(Person {
        id: UserId(row.try_get("", &col("id")).map_err(failed)?),
        username: row.try_get("", &col("username")).map_err(failed)?,
        nickname: row.try_get("", &col("nickname")).map_err(failed)?,
        avatar_url: row.try_get("", &col("avatar_url")).map_err(failed)?,
        avatar: row
            .try_get::<Option<uuid::Uuid>>("", &col("avatar_media_id"))
            .map_err(failed)?
            .map(kernel::MediaId),
    })
}

fn to_offer(row: &QueryResult) -> Result<TransferOffer, GroupsError> {
    Ok(TransferOffer {
        group: GroupId(row.try_get("", "o_group_id").map_err(failed)?),
        from: person_as(row, "f")?,
        to: person_as(row, "t")?,
        created_at: row.try_get("", "o_created_at").map_err(failed)?,
    })
}

/// What an article list shows: everything but the body (and the thread, [`REPLY_COLUMNS`]).
const SUMMARY_COLUMNS: &str = "a.id AS a_id, a.group_id AS a_group_id, a.title AS a_title, \
     a.excerpt AS a_excerpt, a.status AS a_status, a.updated_at AS a_updated_at, \
     a.published_at AS a_published_at, a.withheld AS a_withheld";

/// An article's thread, kept on its row: read with every article ([`thread_of`]).
const REPLY_COLUMNS: &str =
    "CAST(a.reply_count AS BIGINT) AS a_reply_count, a.replies_locked AS a_replies_locked";

/// The thread of a row read with [`REPLY_COLUMNS`].
fn thread_of(row: &QueryResult) -> Result<ReplyThread, GroupsError> {
    let count: i64 = row.try_get("a_", "reply_count").map_err(failed)?;
    Ok(ReplyThread {
        count: to_u32("reply count", count)?,
        locked: row.try_get("a_", "replies_locked").map_err(failed)?,
    })
}

fn article_status(raw: &str) -> Result<ArticleStatus, GroupsError> {
    ArticleStatus::parse(raw).ok_or_else(|| corrupt("article status", raw))
}

fn to_article(row: &QueryResult) -> Result<Article, GroupsError> {
    let m = articles::Model::from_query_result(row, "a_").map_err(failed)?;
    Ok(Article {
        id: ArticleId(m.id),
        group: GroupId(m.group_id),
        author: person(row)?,
        status: article_status(&m.status)?,
        title: m.title,
        body: m.body,
        excerpt: m.excerpt,
        version: m.version,
        created_at: m.created_at,
        updated_at: m.updated_at,
        published_at: m.published_at,
        withheld: crate::withheld::parse(m.withheld)?,
        replies: thread_of(row)?,
    })
}

fn to_summary(row: &QueryResult) -> Result<ArticleSummary, GroupsError> {
    let get = |col: &str| row.try_get::<String>("a_", col).map_err(failed);
    Ok(ArticleSummary {
        id: ArticleId(row.try_get("a_", "id").map_err(failed)?),
        group: GroupId(row.try_get("a_", "group_id").map_err(failed)?),
        author: person(row)?,
        title: get("title")?,
        excerpt: get("excerpt")?,
        status: article_status(&get("status")?)?,
        updated_at: row.try_get("a_", "updated_at").map_err(failed)?,
        published_at: row.try_get("a_", "published_at").map_err(failed)?,
        withheld: crate::withheld::parse(row.try_get("a_", "withheld").map_err(failed)?)?,
        replies: thread_of(row)?,
    })
}

/// Holds an article for review in the transaction that wrote its text (`crate::withheld`).
async fn hold_article(
    txn: &DatabaseTransaction,
    id: ArticleId,
    title: &str,
    body: &str,
    words: &[String],
    at: DateTime<Utc>,
) -> Result<(), GroupsError> {
    let text = format!("{title}\n\n{body}");
    hold(
        txn,
        &Held {
            item: Item::Article,
            id: id.0,
            text: &text,
            words,
            at,
        },
    )
    .await?;
    Ok(())
}

async fn load_article(
    c: &impl ConnectionTrait,
    id: ArticleId,
) -> Result<Option<Article>, GroupsError> {
    let mut sql = article_select();
    let p = sql.bind(id.0);
    sql.push(&format!("a.id = {p}"));
    query_all(c, sql).await?.first().map(to_article).transpose()
}

/// `SELECT` of articles `a` with their thread and author, up to the condition after `WHERE`:
/// what [`ArticleRepository::find`] and [`ArticleRepository::find_many`] read.
fn article_select() -> Sql {
    Sql::new(&format!(
        "SELECT {}, {REPLY_COLUMNS}, {PERSON_COLUMNS} FROM articles a \
         JOIN users u ON u.id = a.author_id WHERE ",
        columns::<articles::Entity>("a", "a_")
    ))
}

#[derive(Debug, Clone)]
pub struct SqlArticleRepository {
    db: DatabaseConnection,
}

impl SqlArticleRepository {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    /// Summaries of a group's articles in `status` (of one author, when given), newest by
    /// `time` first; with `viewer`, only those they see ([`seen_by`]).
    async fn list(
        &self,
        group: GroupId,
        author: Option<UserId>,
        viewer: Option<UserId>,
        status: ArticleStatus,
        time: &str,
        page: PageRequest,
    ) -> Result<Page<ArticleSummary>, GroupsError> {
        let mut sql = Sql::new(&format!(
            "SELECT {SUMMARY_COLUMNS}, {REPLY_COLUMNS}, {PERSON_COLUMNS} FROM articles a \
             JOIN users u ON u.id = a.author_id WHERE "
        ));
        let (g, s) = (sql.bind(group.0), sql.bind(status.as_str()));
        sql.push(&format!("a.group_id = {g} AND a.status = {s}"));
        if let Some(author) = author {
            let a = sql.bind(author.0);
            sql.push(&format!(" AND a.author_id = {a}"));
        }
        seen_by(&mut sql, viewer, "a.author_id");
        // A draft is listed to its author alone, withheld or not.
        if status == ArticleStatus::Published {
            shown_to(&mut sql, viewer, "a");
        }
        sql.after(time, "a.id", page.after, Order::Desc)
            .order_limit(time, "a.id", Order::Desc, page.fetch_limit());
        let rows = query_all(&self.db, sql)
            .await?
            .iter()
            .map(to_summary)
            .collect::<Result<Vec<_>, _>>()?;
        let published = status == ArticleStatus::Published;
        Ok(Page::from_fetched(rows, page, |a| {
            let at = match a.published_at {
                Some(p) if published => p,
                _ => a.updated_at,
            };
            Cursor::new(at, a.id.0)
        }))
    }
}

#[async_trait]
impl ArticleRepository for SqlArticleRepository {
    async fn insert(&self, article: &Article) -> Result<(), GroupsError> {
        // A published article always has its publishing time (the published list is ordered
        // by it): one inserted as published without one was published when it was created.
        let published_at = match article.status {
            ArticleStatus::Published => Some(article.published_at.unwrap_or(article.created_at)),
            ArticleStatus::Draft => article.published_at,
        };
        articles::ActiveModel {
            id: Set(article.id.0),
            group_id: Set(article.group.0),
            author_id: Set(article.author.id.0),
            title: Set(article.title.clone()),
            body: Set(article.body.clone()),
            excerpt: Set(article.excerpt.clone()),
            status: Set(article.status.as_str().to_owned()),
            version: Set(article.version),
            created_at: Set(stored(article.created_at)),
            updated_at: Set(stored(article.updated_at)),
            published_at: Set(published_at.map(stored)),
            withheld: Set(article.withheld.map(|w| w.as_str().to_owned())),
        }
        .insert(&self.db)
        .await
        .map_err(failed)?;
        Ok(())
    }

    async fn find(&self, id: ArticleId) -> Result<Option<Article>, GroupsError> {
        load_article(&self.db, id).await
    }

    async fn find_many(&self, ids: &[ArticleId]) -> Result<Vec<Article>, GroupsError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut sql = article_select();
        let ids: Vec<String> = ids.iter().map(|id| sql.bind(id.0)).collect();
        sql.push(&format!("a.id IN ({})", ids.join(", ")));
        query_all(&self.db, sql)
            .await?
            .iter()
            .map(to_article)
            .collect()
    }

    async fn save(
        &self,
        id: ArticleId,
        title: String,
        body: String,
        excerpt: String,
        expected_version: i64,
        now: DateTime<Utc>,
        held: Option<Vec<String>>,
    ) -> Result<Option<SaveOutcome>, GroupsError> {
        let txn = self.db.begin().await.map_err(failed)?;
        let saved = execute(
            &txn,
            "UPDATE articles SET title = $1, body = $2, excerpt = $3, version = version + 1, \
             updated_at = $4 WHERE id = $5 AND version = $6",
            vec![
                title.clone().into(),
                body.clone().into(),
                excerpt.into(),
                stored(now).into(),
                id.0.into(),
                expected_version.into(),
            ],
        )
        .await?;
        if saved == 1
            && let Some(words) = &held
        {
            hold_article(&txn, id, &title, &body, words, now).await?;
        }
        let current = load_article(&txn, id).await?;
        txn.commit().await.map_err(failed)?;
        Ok(current.map(|a| {
            if saved == 1 {
                SaveOutcome::Saved(a)
            } else {
                SaveOutcome::Conflict(a)
            }
        }))
    }

    async fn set_status(
        &self,
        id: ArticleId,
        status: ArticleStatus,
        now: DateTime<Utc>,
        held: Option<Vec<String>>,
    ) -> Result<Option<Article>, GroupsError> {
        // Publishing keeps the first publishing time; unpublishing keeps it too, for a
        // later re-publish.
        let sql = match status {
            ArticleStatus::Published => {
                "UPDATE articles SET status = $1, version = version + 1, updated_at = $2, \
                 published_at = COALESCE(published_at, $2) WHERE id = $3"
            }
            ArticleStatus::Draft => {
                "UPDATE articles SET status = $1, version = version + 1, updated_at = $2 \
                 WHERE id = $3"
            }
        };
        let txn = self.db.begin().await.map_err(failed)?;
        let changed = execute(
            &txn,
            sql,
            vec![status.as_str().into(), stored(now).into(), id.0.into()],
        )
        .await?;
        let article = if changed == 1 {
            if let Some(words) = &held
                && status == ArticleStatus::Published
                && let Some(current) = load_article(&txn, id).await?
            {
                hold_article(&txn, id, &current.title, &current.body, words, now).await?;
            }
            load_article(&txn, id).await?
        } else {
            None
        };
        txn.commit().await.map_err(failed)?;
        Ok(article)
    }

    async fn delete(&self, id: ArticleId) -> Result<(), GroupsError> {
        articles::Entity::delete_by_id(id.0)
            .exec(&self.db)
            .await
            .map_err(failed)?;
        Ok(())
    }

    async fn published(
        &self,
        group: GroupId,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<ArticleSummary>, GroupsError> {
        self.list(
            group,
            None,
            viewer,
            ArticleStatus::Published,
            "a.published_at",
            page,
        )
        .await
    }

    async fn published_by_author_seen_by(
        &self,
        author: UserId,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<SeenBy<ArticleSummary>>, GroupsError> {
        let mut sql = Sql::new(&format!(
            "SELECT {SUMMARY_COLUMNS}, {REPLY_COLUMNS}, {PERSON_COLUMNS}, {}, {} FROM articles a \
             JOIN users u ON u.id = a.author_id JOIN groups g ON g.id = a.group_id \
             LEFT JOIN group_memberships vm ON vm.group_id = g.id AND vm.user_id = ",
            group_columns(),
            columns::<group_memberships::Entity>("vm", "vm_"),
        ));
        let v = sql.bind(viewer.map(|v| v.0));
        let a = sql.bind(author.0);
        let status = sql.bind(ArticleStatus::Published.as_str());
        let public = sql.bind(Visibility::Public.as_str());
        let active = sql.bind(MemberState::Active.as_str());
        sql.push(&format!(
            "{v} WHERE a.author_id = {a} AND a.status = {status} \
             AND (g.visibility = {public} OR vm.state = {active})"
        ));
        // Of the author's id, once for the page (as `SqlPostRepository::by_author`).
        not_blocked(&mut sql, viewer, &a);
        shown_to(&mut sql, viewer, "a");
        sql.after("a.published_at", "a.id", page.after, Order::Desc)
            .order_limit("a.published_at", "a.id", Order::Desc, page.fetch_limit());
        let rows = query_all(&self.db, sql)
            .await?
            .iter()
            .map(|row| {
                Ok(SeenBy {
                    item: to_summary(row)?,
                    group: to_group(
                        group_rows::Model::from_query_result(row, "g_").map_err(failed)?,
                    )?,
                    viewer: viewer_membership(row)?,
                })
            })
            .collect::<Result<Vec<_>, GroupsError>>()?;
        Ok(Page::from_fetched(rows, page, |r| {
            Cursor::new(
                r.item.published_at.unwrap_or(r.item.updated_at),
                r.item.id.0,
            )
        }))
    }

    async fn drafts(
        &self,
        group: GroupId,
        author: UserId,
        page: PageRequest,
    ) -> Result<Page<ArticleSummary>, GroupsError> {
        // One's own drafts: nobody hides the author from themselves.
        self.list(
            group,
            Some(author),
            None,
            ArticleStatus::Draft,
            "a.updated_at",
            page,
        )
        .await
    }

    async fn chars_by_author(&self, author: UserId) -> Result<u64, GroupsError> {
        // LENGTH counts characters on both engines (SQLite: of TEXT; PostgreSQL: of text).
        let mut sql = Sql::new(
            "SELECT CAST(COALESCE(SUM(LENGTH(title) + LENGTH(body)), 0) AS BIGINT) AS n \
             FROM articles WHERE author_id = ",
        );
        let a = sql.bind(author.0);
        sql.push(&a);
        let rows = query_all(&self.db, sql).await?;
        let n: i64 = match rows.first() {
            Some(row) => row.try_get("", "n").map_err(failed)?,
            None => 0,
        };
        Ok(u64::try_from(n).unwrap_or(0))
    }
}
