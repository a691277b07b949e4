//! The writers: each a closed loop of writes, every request to the next instance in turn, every
//! answer written down (what was acknowledged, what was refused and why, what failed).

use reqwest::Method;
use reqwest::header::{CONTENT_TYPE, COOKIE};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use uuid::Uuid;

/// What a request did, for the summary and the refusal table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Post,
    Like,
    Unlike,
    Comment,
    Save,
    PlazaUpload,
    GalleryUpload,
}

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::Post,
        Kind::Like,
        Kind::Unlike,
        Kind::Comment,
        Kind::Save,
        Kind::PlazaUpload,
        Kind::GalleryUpload,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Post => "posts",
            Kind::Like => "likes",
            Kind::Unlike => "unlikes",
            Kind::Comment => "comments",
            Kind::Save => "saves",
            Kind::PlazaUpload => "plaza-uploads",
            Kind::GalleryUpload => "gallery-uploads",
        }
    }
}

/// A write the server acknowledged (2xx), with what it said it stored.
#[derive(Debug, Clone)]
pub enum Ack {
    Post {
        id: Uuid,
        author: Uuid,
        body: String,
        images: Vec<Uuid>,
    },
    /// A like (`liked`) or a like taken back, with when it was sent and answered (since the
    /// load began), to tell which of a person's racing requests on one post came last.
    Like {
        post: Uuid,
        user: Uuid,
        liked: bool,
        sent: Duration,
        answered: Duration,
    },
    Comment {
        id: Uuid,
        post: Uuid,
        author: Uuid,
        body: String,
    },
    /// An article saved from version `from`; the server answered version `to`.
    Save {
        article: Uuid,
        from: i64,
        to: i64,
        title: String,
        body: String,
    },
    Upload {
        id: Uuid,
        owner: Uuid,
        kind: Kind,
        group: Option<Uuid>,
    },
}

impl Ack {
    pub fn kind(&self) -> Kind {
        match self {
            Ack::Post { .. } => Kind::Post,
            Ack::Like { liked: true, .. } => Kind::Like,
            Ack::Like { liked: false, .. } => Kind::Unlike,
            Ack::Comment { .. } => Kind::Comment,
            Ack::Save { .. } => Kind::Save,
            Ack::Upload { kind, .. } => *kind,
        }
    }
}

/// What one writer saw.
#[derive(Debug, Default)]
pub struct Log {
    pub requests: u64,
    pub acks: Vec<Ack>,
    /// 4xx answers by kind, status and code.
    pub refusals: BTreeMap<(Kind, u16, String), u64>,
    /// 5xx answers and answers that are not what the API documents.
    pub server_errors: Vec<String>,
    /// Requests that got no answer at all (connection refused or reset, time-out).
    pub transport_errors: Vec<String>,
}

impl Log {
    pub fn merge(&mut self, other: Log) {
        self.requests += other.requests;
        self.acks.extend(other.acks);
        for (k, n) in other.refusals {
            *self.refusals.entry(k).or_default() += n;
        }
        self.server_errors.extend(other.server_errors);
        self.transport_errors.extend(other.transport_errors);
    }
}

/// Everything the writers share.
pub struct Shared {
    pub client: reqwest::Client,
    pub bases: Vec<String>,
    /// Round robin over the instances, per request.
    next: AtomicUsize,
    /// Every post acknowledged so far (the seed posts first): what likes and comments aim at.
    pub posts: Mutex<Vec<Uuid>>,
    /// The first posts, liked and commented on by everyone (contention on their counters).
    hot: usize,
    pngs: Vec<Vec<u8>>,
    pub started: Instant,
    pub deadline: Instant,
}

impl Shared {
    pub fn new(
        client: reqwest::Client,
        bases: Vec<String>,
        seed_posts: Vec<Uuid>,
        load: Duration,
    ) -> Self {
        let started = Instant::now();
        Self {
            client,
            bases,
            next: AtomicUsize::new(0),
            hot: seed_posts.len().min(20),
            posts: Mutex::new(seed_posts),
            // Eight small PNGs, each different.
            pngs: (0..8u8)
                .map(|n| image_fixtures::png_tinted(24, 16, n * 31))
                .collect(),
            started,
            deadline: started + load,
        }
    }

    fn base(&self) -> &str {
        &self.bases[self.next.fetch_add(1, Ordering::Relaxed) % self.bases.len()]
    }

    fn since_start(&self) -> Duration {
        self.started.elapsed()
    }

    /// A post to like or comment on: half the time one of the hot posts, else any.
    fn some_post(&self, rng: &mut Rng) -> Uuid {
        let posts = self.posts.lock().expect("the posts");
        let i = if self.hot > 0 && rng.below(2) == 0 {
            rng.below(self.hot)
        } else {
            rng.below(posts.len())
        };
        posts[i]
    }
}

/// xorshift64*: a fixed sequence per writer, so a failing mix can be replayed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// One writer: a session of a user, that user's group and article, and the writer's own
/// uploads not yet used by a post.
pub struct Writer {
    pub index: usize,
    pub user: Uuid,
    pub cookie: String,
    pub group: Uuid,
    pub article: Uuid,
    /// The article's version as this writer last saw it.
    pub version: i64,
    pub unattached: Vec<Uuid>,
    pub seq: u64,
    pub rng: Rng,
}

enum Answer {
    Ok(Value),
    Refused(u16, Value),
    Failed,
}

impl Writer {
    /// Writes until the deadline; what it saw.
    pub async fn run(mut self, shared: &Shared) -> Log {
        let mut log = Log::default();
        while Instant::now() < shared.deadline {
            self.seq += 1;
            // The mix, in percent: posts 15, likes 20, unlikes 10, comments 20, article
            // saves 20, plaza uploads 10, gallery uploads 5.
            match self.rng.below(100) {
                0..15 => self.post(shared, &mut log).await,
                15..35 => self.like(shared, &mut log, true).await,
                35..45 => self.like(shared, &mut log, false).await,
                45..65 => self.comment(shared, &mut log).await,
                65..85 => self.save(shared, &mut log).await,
                85..95 => self.upload(shared, &mut log, Kind::PlazaUpload).await,
                _ => self.upload(shared, &mut log, Kind::GalleryUpload).await,
            }
        }
        log
    }

    fn token(&self) -> String {
        format!("w{}-{}", self.index, self.seq)
    }

    async fn send(
        &self,
        shared: &Shared,
        log: &mut Log,
        kind: Kind,
        method: Method,
        path: &str,
        body: Body,
    ) -> Answer {
        log.requests += 1;
        let url = format!("{}{path}", shared.base());
        let mut req = shared
            .client
            .request(method.clone(), &url)
            .header(COOKIE, &self.cookie);
        req = match body {
            Body::Json(v) => req.json(&v),
            Body::Bytes(b) => req.header(CONTENT_TYPE, "application/octet-stream").body(b),
            Body::None => req,
        };
        let res = match req.send().await {
            Ok(res) => res,
            Err(e) => {
                log.transport_errors
                    .push(format!("{method} {url}: {}", chain(&e)));
                return Answer::Failed;
            }
        };
        let status = res.status();
        let text = match res.text().await {
            Ok(t) => t,
            Err(e) => {
                log.transport_errors.push(format!(
                    "{method} {url}: {status}, body lost: {}",
                    chain(&e)
                ));
                return Answer::Failed;
            }
        };
        let body: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        if status.is_server_error() || body.is_null() {
            log.server_errors
                .push(format!("{method} {url}: {status} {text}"));
            return Answer::Failed;
        }
        if status.is_success() {
            return Answer::Ok(body);
        }
        let code = body["code"].as_str().unwrap_or("?").to_owned();
        *log.refusals
            .entry((kind, status.as_u16(), code))
            .or_default() += 1;
        Answer::Refused(status.as_u16(), body)
    }

    async fn post(&mut self, shared: &Shared, log: &mut Log) {
        let take = self.rng.below(3).min(self.unattached.len());
        let images: Vec<Uuid> = self.unattached.drain(..take).collect();
        let body = format!("nothing-lost post {}", self.token());
        let answer = self
            .send(
                shared,
                log,
                Kind::Post,
                Method::POST,
                "/api/plaza/posts",
                Body::Json(json!({ "body": body, "imageIds": images })),
            )
            .await;
        match answer {
            Answer::Ok(v) => {
                let id = uuid(&v["post"]["id"]);
                shared.posts.lock().expect("the posts").push(id);
                log.acks.push(Ack::Post {
                    id,
                    author: self.user,
                    body,
                    images,
                });
            }
            // Not posted: the images are still this writer's to use.
            Answer::Refused(..) | Answer::Failed => self.unattached.extend(images),
        }
    }

    async fn like(&mut self, shared: &Shared, log: &mut Log, liked: bool) {
        let post = shared.some_post(&mut self.rng);
        let (kind, method) = if liked {
            (Kind::Like, Method::PUT)
        } else {
            (Kind::Unlike, Method::DELETE)
        };
        let sent = shared.since_start();
        let answer = self
            .send(
                shared,
                log,
                kind,
                method,
                &format!("/api/plaza/posts/{post}/like"),
                Body::None,
            )
            .await;
        if let Answer::Ok(v) = answer {
            let answered = shared.since_start();
            if v["liked"].as_bool() != Some(liked) {
                log.server_errors
                    .push(format!("{kind:?} of {post} answered {v}"));
            }
            log.acks.push(Ack::Like {
                post,
                user: self.user,
                liked,
                sent,
                answered,
            });
        }
    }

    async fn comment(&mut self, shared: &Shared, log: &mut Log) {
        let post = shared.some_post(&mut self.rng);
        let body = format!("nothing-lost comment {}", self.token());
        let answer = self
            .send(
                shared,
                log,
                Kind::Comment,
                Method::POST,
                &format!("/api/plaza/posts/{post}/comments"),
                Body::Json(json!({ "body": body })),
            )
            .await;
        if let Answer::Ok(v) = answer {
            log.acks.push(Ack::Comment {
                id: uuid(&v["comment"]["id"]),
                post,
                author: self.user,
                body,
            });
        }
    }

    /// Saves the user's article from the version this writer last saw; the other writer of the
    /// same user (on the other instance, mostly) saves it too, so some saves meet a conflict.
    async fn save(&mut self, shared: &Shared, log: &mut Log) {
        let title = format!("nothing-lost {}", self.token());
        let body = format!("saved by {} at version {}", self.token(), self.version);
        let from = self.version;
        let answer = self
            .send(
                shared,
                log,
                Kind::Save,
                Method::PUT,
                &format!("/api/groups/{}/articles/{}", self.group, self.article),
                Body::Json(json!({ "title": title, "body": body, "version": from })),
            )
            .await;
        match answer {
            Answer::Ok(v) => {
                let to = v["article"]["version"].as_i64().unwrap_or_default();
                self.version = to;
                log.acks.push(Ack::Save {
                    article: self.article,
                    from,
                    to,
                    title,
                    body,
                });
            }
            Answer::Refused(409, v) => {
                self.version = v["current"]["version"].as_i64().unwrap_or(self.version);
            }
            Answer::Refused(..) | Answer::Failed => {}
        }
    }

    async fn upload(&mut self, shared: &Shared, log: &mut Log, kind: Kind) {
        let bytes = shared.pngs[self.rng.below(shared.pngs.len())].clone();
        let (path, group) = match kind {
            Kind::GalleryUpload => (
                format!("/api/groups/{}/gallery", self.group),
                Some(self.group),
            ),
            _ => ("/api/plaza/images".to_owned(), None),
        };
        let answer = self
            .send(shared, log, kind, Method::POST, &path, Body::Bytes(bytes))
            .await;
        if let Answer::Ok(v) = answer {
            let id = uuid(&v["image"]["id"]);
            if kind == Kind::PlazaUpload {
                self.unattached.push(id);
            }
            log.acks.push(Ack::Upload {
                id,
                owner: self.user,
                kind,
                group,
            });
        }
    }
}

enum Body {
    Json(Value),
    Bytes(Vec<u8>),
    None,
}

/// A UUID the server answered (a missing one is the nil UUID, which no check will find).
pub fn uuid(v: &Value) -> Uuid {
    v.as_str()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(Uuid::nil)
}

/// An error with its causes: reqwest's own message says little ("error sending request").
fn chain(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        out.push_str(": ");
        out.push_str(&c.to_string());
        cause = c.source();
    }
    out
}
