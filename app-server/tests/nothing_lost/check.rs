//! What the database and the media folder hold after the load, against what the server
//! acknowledged. Every check adds its violations to one list, so a failure shows them all.

use super::load::{Ack, Kind};
use sea_orm::{ConnectionTrait, DatabaseConnection, DbBackend, QueryResult, Statement};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;
use std::time::Duration;
use uuid::Uuid;

/// What the set-up wrote before the load: the seed posts and each article as created.
pub struct Setup {
    /// id → (author, body)
    pub seed_posts: BTreeMap<Uuid, (Uuid, String)>,
    /// id → (version, title, body)
    pub articles: BTreeMap<Uuid, (i64, String, String)>,
}

/// Figures for the summary line.
#[derive(Debug, Default)]
pub struct Judged {
    /// (person, post) pairs whose last like or unlike was sent after every other one on the
    /// pair was answered, so the stored state must be what it said.
    pub like_pairs_decided: usize,
    pub like_pairs: usize,
}

async fn rows(db: &DatabaseConnection, sql: &str) -> Vec<QueryResult> {
    db.query_all_raw(Statement::from_string(DbBackend::Postgres, sql))
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
}

fn get<T: sea_orm::TryGetable>(row: &QueryResult, col: &str) -> T {
    row.try_get("", col)
        .unwrap_or_else(|e| panic!("column {col}: {e}"))
}

/// Every violation found; empty when nothing was lost, doubled or left behind.
pub async fn violations(
    db: &DatabaseConnection,
    media_dir: &Path,
    setup: &Setup,
    acks: &[Ack],
) -> (Vec<String>, Judged) {
    let mut bad = Vec::new();
    let mut judged = Judged::default();
    for ack in acks {
        let nil = match ack {
            Ack::Post { id, .. } | Ack::Comment { id, .. } | Ack::Upload { id, .. } => id.is_nil(),
            Ack::Like { post, .. } => post.is_nil(),
            Ack::Save { to, .. } => *to == 0,
        };
        if nil {
            bad.push(format!(
                "a 2xx answer without the id or version it documents: {ack:?}"
            ));
        }
    }
    posts(db, setup, acks, &mut bad).await;
    likes(db, acks, &mut bad, &mut judged).await;
    comments(db, acks, &mut bad).await;
    articles(db, setup, acks, &mut bad).await;
    media(db, media_dir, acks, &mut bad).await;
    (bad, judged)
}

/// Posts: exactly the seed and the acknowledged ones, each once, with their images in order.
async fn posts(db: &DatabaseConnection, setup: &Setup, acks: &[Ack], bad: &mut Vec<String>) {
    let mut expected: BTreeMap<Uuid, (Uuid, String, Vec<Uuid>)> = setup
        .seed_posts
        .iter()
        .map(|(id, (author, body))| (*id, (*author, body.clone(), Vec::new())))
        .collect();
    for ack in acks {
        if let Ack::Post {
            id,
            author,
            body,
            images,
        } = ack
            && expected
                .insert(*id, (*author, body.clone(), images.clone()))
                .is_some()
        {
            bad.push(format!("post {id} was acknowledged twice"));
        }
    }
    let stored = rows(db, "SELECT id, author_id, body FROM plaza_posts").await;
    let mut seen: BTreeMap<Uuid, (Uuid, String)> = BTreeMap::new();
    let mut bodies: HashMap<String, usize> = HashMap::new();
    for row in &stored {
        let id: Uuid = get(row, "id");
        let body: String = get(row, "body");
        *bodies.entry(body.clone()).or_default() += 1;
        seen.insert(id, (get(row, "author_id"), body));
    }
    for (body, n) in bodies {
        if n > 1 {
            bad.push(format!("the post {body:?} is stored {n} times"));
        }
    }
    for (id, (author, body, _)) in &expected {
        match seen.get(id) {
            None => bad.push(format!("acknowledged post {id} ({body:?}) is not stored")),
            Some(row) if row != &(*author, body.clone()) => bad.push(format!(
                "post {id} is stored as {row:?}, acknowledged as {:?}",
                (author, body)
            )),
            Some(_) => {}
        }
    }
    for (id, row) in &seen {
        if !expected.contains_key(id) {
            bad.push(format!(
                "post {id} {row:?} is stored but was never acknowledged"
            ));
        }
    }

    let links = rows(
        db,
        "SELECT post_id, media_id, position FROM plaza_post_images ORDER BY post_id, position",
    )
    .await;
    let mut stored_links: BTreeMap<Uuid, Vec<(i16, Uuid)>> = BTreeMap::new();
    for row in &links {
        stored_links
            .entry(get(row, "post_id"))
            .or_default()
            .push((get(row, "position"), get(row, "media_id")));
    }
    for (id, (_, _, images)) in &expected {
        let want: Vec<(i16, Uuid)> = images
            .iter()
            .enumerate()
            .map(|(i, m)| (i16::try_from(i).unwrap_or(i16::MAX), *m))
            .collect();
        let got = stored_links.remove(id).unwrap_or_default();
        if got != want {
            bad.push(format!(
                "post {id} links images {got:?}, acknowledged with {want:?}"
            ));
        }
    }
    for (id, got) in stored_links {
        bad.push(format!(
            "images {got:?} are linked to post {id}, which nobody posted"
        ));
    }
}

/// Every like count equals its rows; a like or unlike that came last on its pair decided it.
async fn likes(db: &DatabaseConnection, acks: &[Ack], bad: &mut Vec<String>, judged: &mut Judged) {
    let stored = rows(db, "SELECT post_id, user_id FROM plaza_likes").await;
    let mut per_post: HashMap<Uuid, i64> = HashMap::new();
    let mut pairs: BTreeSet<(Uuid, Uuid)> = BTreeSet::new();
    for row in &stored {
        let post: Uuid = get(row, "post_id");
        *per_post.entry(post).or_default() += 1;
        pairs.insert((post, get(row, "user_id")));
    }
    for row in &rows(db, "SELECT id, like_count FROM plaza_posts").await {
        let id: Uuid = get(row, "id");
        let count: i64 = get(row, "like_count");
        let actual = per_post.get(&id).copied().unwrap_or(0);
        if count != actual {
            bad.push(format!(
                "post {id} says like_count = {count}, but {actual} likes are stored"
            ));
        }
    }

    // (post, person) → (liked, sent, answered) of each acknowledged like or unlike.
    type Ops = Vec<(bool, Duration, Duration)>;
    let mut ops: BTreeMap<(Uuid, Uuid), Ops> = BTreeMap::new();
    for ack in acks {
        if let Ack::Like {
            post,
            user,
            liked,
            sent,
            answered,
        } = ack
        {
            ops.entry((*post, *user))
                .or_default()
                .push((*liked, *sent, *answered));
        }
    }
    judged.like_pairs = ops.len();
    for ((post, user), mut list) in ops {
        list.sort_by_key(|op| op.1);
        let Some(&(liked, sent, _)) = list.last() else {
            continue;
        };
        let before = &list[..list.len() - 1];
        if before.iter().any(|op| op.2 >= sent) {
            // Overlapping requests: either order may have committed last.
            continue;
        }
        judged.like_pairs_decided += 1;
        if pairs.contains(&(post, user)) != liked {
            bad.push(format!(
                "{user}'s last {} on post {post} (sent after all earlier ones were answered) \
                 is not what is stored",
                if liked { "like" } else { "unlike" }
            ));
        }
    }
}

/// Comments: exactly the acknowledged ones, each once; every comment count equals its rows.
async fn comments(db: &DatabaseConnection, acks: &[Ack], bad: &mut Vec<String>) {
    let mut expected: BTreeMap<Uuid, (Uuid, Uuid, String)> = BTreeMap::new();
    for ack in acks {
        if let Ack::Comment {
            id,
            post,
            author,
            body,
        } = ack
            && expected
                .insert(*id, (*post, *author, body.clone()))
                .is_some()
        {
            bad.push(format!("comment {id} was acknowledged twice"));
        }
    }
    let stored = rows(
        db,
        "SELECT id, post_id, author_id, body FROM plaza_comments",
    )
    .await;
    let mut seen: BTreeMap<Uuid, (Uuid, Uuid, String)> = BTreeMap::new();
    let mut bodies: HashMap<String, usize> = HashMap::new();
    let mut per_post: HashMap<Uuid, i64> = HashMap::new();
    for row in &stored {
        let body: String = get(row, "body");
        let post: Uuid = get(row, "post_id");
        *bodies.entry(body.clone()).or_default() += 1;
        *per_post.entry(post).or_default() += 1;
        seen.insert(get(row, "id"), (post, get(row, "author_id"), body));
    }
    for (body, n) in bodies {
        if n > 1 {
            bad.push(format!("the comment {body:?} is stored {n} times"));
        }
    }
    for (id, want) in &expected {
        match seen.get(id) {
            None => bad.push(format!("acknowledged comment {id} {want:?} is not stored")),
            Some(got) if got != want => bad.push(format!(
                "comment {id} is stored as {got:?}, acknowledged as {want:?}"
            )),
            Some(_) => {}
        }
    }
    for (id, got) in &seen {
        if !expected.contains_key(id) {
            bad.push(format!(
                "comment {id} {got:?} is stored but was never acknowledged"
            ));
        }
    }
    for row in &rows(db, "SELECT id, comment_count FROM plaza_posts").await {
        let id: Uuid = get(row, "id");
        let count: i64 = get(row, "comment_count");
        let actual = per_post.get(&id).copied().unwrap_or(0);
        if count != actual {
            bad.push(format!(
                "post {id} says comment_count = {count}, but {actual} comments are stored"
            ));
        }
    }
}

/// Articles: each acknowledged save is one version step, no version acknowledged twice, the
/// stored version counts exactly the acknowledged saves, and the text is the last one's.
async fn articles(db: &DatabaseConnection, setup: &Setup, acks: &[Ack], bad: &mut Vec<String>) {
    let mut saves: BTreeMap<Uuid, Vec<(i64, i64, &str, &str)>> = BTreeMap::new();
    for ack in acks {
        if let Ack::Save {
            article,
            from,
            to,
            title,
            body,
        } = ack
        {
            saves
                .entry(*article)
                .or_default()
                .push((*from, *to, title, body));
        }
    }
    let stored: BTreeMap<Uuid, (i64, String, String)> =
        rows(db, "SELECT id, version, title, body FROM articles")
            .await
            .iter()
            .map(|r| {
                (
                    get(r, "id"),
                    (get(r, "version"), get(r, "title"), get(r, "body")),
                )
            })
            .collect();
    if stored.len() != setup.articles.len() {
        bad.push(format!(
            "{} articles are stored, {} were created",
            stored.len(),
            setup.articles.len()
        ));
    }
    for (id, (v0, title0, body0)) in &setup.articles {
        let Some((version, title, body)) = stored.get(id) else {
            bad.push(format!("article {id} is gone"));
            continue;
        };
        let mut list = saves.remove(id).unwrap_or_default();
        list.sort_by_key(|s| s.1);
        for pair in list.windows(2) {
            if pair[0].1 == pair[1].1 {
                bad.push(format!(
                    "article {id}: version {} was acknowledged to two saves",
                    pair[0].1
                ));
            }
        }
        for (from, to, ..) in &list {
            if *to != from + 1 {
                bad.push(format!(
                    "article {id}: a save from version {from} was acknowledged as version {to}"
                ));
            }
        }
        let n = i64::try_from(list.len()).unwrap_or(i64::MAX);
        if *version != v0 + n {
            bad.push(format!(
                "article {id}: stored version {version}, but it was created at {v0} and {n} \
                 saves were acknowledged"
            ));
        }
        let (want_title, want_body) = list
            .last()
            .map_or((title0.as_str(), body0.as_str()), |s| (s.2, s.3));
        if (title.as_str(), body.as_str()) != (want_title, want_body) {
            bad.push(format!(
                "article {id} holds {title:?} / {body:?}, but the last acknowledged save was \
                 {want_title:?} / {want_body:?}"
            ));
        }
    }
}

/// Media: a row for every acknowledged upload and for nothing else, in the state its use says,
/// and exactly its two objects in the folder for every row.
async fn media(db: &DatabaseConnection, media_dir: &Path, acks: &[Ack], bad: &mut Vec<String>) {
    let posted: BTreeSet<Uuid> = acks
        .iter()
        .filter_map(|a| match a {
            Ack::Post { images, .. } => Some(images.iter().copied()),
            _ => None,
        })
        .flatten()
        .collect();
    let mut expected: BTreeMap<Uuid, (Uuid, &'static str, Option<Uuid>, &'static str)> =
        BTreeMap::new();
    for ack in acks {
        if let Ack::Upload {
            id,
            owner,
            kind,
            group,
        } = ack
        {
            let (kind, state) = match kind {
                Kind::GalleryUpload => ("gallery", "attached"),
                _ if posted.contains(id) => ("plaza", "attached"),
                _ => ("plaza", "unattached"),
            };
            if expected
                .insert(*id, (*owner, kind, *group, state))
                .is_some()
            {
                bad.push(format!("upload {id} was acknowledged twice"));
            }
        }
    }
    let stored = rows(
        db,
        "SELECT id, owner_id, kind, group_id, state, format FROM media",
    )
    .await;
    let mut files_expected: BTreeSet<String> = BTreeSet::new();
    let mut seen: BTreeSet<Uuid> = BTreeSet::new();
    for row in &stored {
        let id: Uuid = get(row, "id");
        let format: String = get(row, "format");
        seen.insert(id);
        files_expected.insert(format!("media/{}/original.{format}", id.simple()));
        files_expected.insert(format!("media/{}/thumb.jpg", id.simple()));
        let got = (
            get::<Uuid>(row, "owner_id"),
            get::<String>(row, "kind"),
            get::<Option<Uuid>>(row, "group_id"),
            get::<String>(row, "state"),
        );
        match expected.get(&id) {
            None => bad.push(format!(
                "media row {id} {got:?} is stored but no upload of it was acknowledged"
            )),
            Some(want)
                if (want.0, want.1, want.2, want.3)
                    != (got.0, got.1.as_str(), got.2, got.3.as_str()) =>
            {
                bad.push(format!("media row {id} is {got:?}, expected {want:?}"));
            }
            Some(_) => {}
        }
    }
    for (id, want) in &expected {
        if !seen.contains(id) {
            bad.push(format!(
                "acknowledged upload {id} {want:?} has no media row"
            ));
        }
    }
    let mut files_found = BTreeSet::new();
    list_files(media_dir, media_dir, &mut files_found);
    for f in files_expected.difference(&files_found) {
        bad.push(format!("a media row lacks its object {f}"));
    }
    for f in files_found.difference(&files_expected) {
        bad.push(format!("the object {f} has no media row"));
    }
}

fn list_files(root: &Path, dir: &Path, out: &mut BTreeSet<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            list_files(root, &path, out);
        } else if let Ok(rel) = path.strip_prefix(root) {
            out.insert(rel.to_string_lossy().into_owned());
        }
    }
}

/// Breaks the stored state in one way per check — a like count off by one, an acknowledged
/// comment gone, a post stored twice, an article saved behind the server's back, a thumbnail
/// missing and a stray object — and answers what [`violations`] must then say about each, so
/// the test proves its checks can fail. Runs after the real checks passed.
pub async fn sabotage(db: &DatabaseConnection, media_dir: &Path, acks: &[Ack]) -> Vec<String> {
    let exec = |sql: String| async move {
        db.execute_raw(Statement::from_string(DbBackend::Postgres, sql.clone()))
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    };
    let mut expect = Vec::new();
    let post = acks.iter().find_map(|a| match a {
        Ack::Post { id, body, .. } => Some((*id, body.clone())),
        _ => None,
    });
    if let Some((id, body)) = post {
        exec(format!(
            "UPDATE plaza_posts SET like_count = like_count + 1 WHERE id = '{id}'"
        ))
        .await;
        expect.push(format!("post {id} says like_count"));
        exec(format!(
            "INSERT INTO plaza_posts (id, author_id, body, district_code, created_at, \
             like_count, comment_count) SELECT '{}', author_id, body, district_code, \
             created_at, 0, 0 FROM plaza_posts WHERE id = '{id}'",
            Uuid::new_v4()
        ))
        .await;
        expect.push(format!("the post {body:?} is stored 2 times"));
    }
    if let Some(id) = acks.iter().find_map(|a| match a {
        Ack::Comment { id, .. } => Some(*id),
        _ => None,
    }) {
        exec(format!("DELETE FROM plaza_comments WHERE id = '{id}'")).await;
        expect.push(format!("acknowledged comment {id}"));
    }
    if let Some(id) = acks.iter().find_map(|a| match a {
        Ack::Save { article, .. } => Some(*article),
        _ => None,
    }) {
        exec(format!(
            "UPDATE articles SET version = version + 1 WHERE id = '{id}'"
        ))
        .await;
        expect.push(format!("article {id}: stored version"));
    }
    if let Some(id) = acks.iter().find_map(|a| match a {
        Ack::Upload { id, .. } => Some(*id),
        _ => None,
    }) {
        let thumb = format!("media/{}/thumb.jpg", id.simple());
        std::fs::remove_file(media_dir.join(&thumb)).expect("remove a thumbnail");
        expect.push(format!("a media row lacks its object {thumb}"));
    }
    let stray = format!("media/{}/original.png", Uuid::new_v4().simple());
    let path = media_dir.join(&stray);
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("a stray folder");
    std::fs::write(&path, b"stray").expect("a stray object");
    expect.push(format!("the object {stray} has no media row"));
    expect
}
