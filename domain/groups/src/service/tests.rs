#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The group rules over in-memory ports (a plain model of the repositories' contracts), with a
//! fixed clock and a media service over in-memory media ports.

use super::*;
use crate::model::{
    Article, ArticleStatus, Decision, GroupDescription, JoinPolicy, MemberState, NewReply, Quote,
    Reply, ReplyBody, ReplyEdit, ReplyId, ReplyThread, ReplyVersion,
};
use crate::ports::{GroupWithOffer, ReplyRepository, SaveOutcome, SeenBy};
use chrono::{DateTime, TimeZone, Utc};
use kernel::notice::{Audience, News, Notice, NoticeKind, Notifier, Subject};
use kernel::{Cursor, FixedClock, MockRateLimiter};
use media::memory::{MemoryRepository, MemoryStore};
use media::model::{ImageFormat, ProcessedImage};
use media::ports::MockImageProcessor;
use media::{MediaPolicy, MediaPorts};
use std::collections::HashMap;
use std::sync::Mutex;

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 9, 0, 0).unwrap()
}

fn person(id: UserId) -> Person {
    Person {
        id,
        username: format!("u{}", &id.0.simple().to_string()[..6]),
        nickname: "n".into(),
        avatar_url: None,
        avatar: None,
    }
}

#[derive(Default)]
struct Mem {
    groups: HashMap<GroupId, Group>,
    members: HashMap<(GroupId, UserId), Membership>,
    requests: HashMap<JoinRequestId, JoinRequest>,
    articles: HashMap<ArticleId, Article>,
    offers: HashMap<GroupId, (UserId, UserId, DateTime<Utc>)>,
    /// Replies as stored, with when each was deleted.
    replies: Vec<(NewReply, Option<DateTime<Utc>>)>,
    /// Each edited reply's version, when it was edited, and its earlier versions (newest last).
    edits: HashMap<ReplyId, (i64, DateTime<Utc>, Vec<ReplyVersion>)>,
    locked: std::collections::HashSet<ArticleId>,
}

impl Mem {
    /// An article as the store reads it: with its thread, as the article's row keeps it.
    fn article(&self, id: ArticleId) -> Option<Article> {
        let mut a = self.articles.get(&id)?.clone();
        a.replies = self.thread(id);
        Some(a)
    }

    fn thread(&self, article: ArticleId) -> ReplyThread {
        let count = self
            .replies
            .iter()
            .filter(|(r, gone)| r.article == article && gone.is_none())
            .count() as u32;
        ReplyThread {
            count,
            locked: self.locked.contains(&article),
        }
    }

    /// The summaries of the articles `keep` keeps, each with its thread.
    fn summaries(&self, keep: impl Fn(&Article) -> bool) -> Vec<ArticleSummary> {
        self.articles
            .values()
            .filter(|a| keep(a))
            .filter_map(|a| self.article(a.id))
            .map(|a| ArticleSummary::from(&a))
            .collect()
    }

    fn reply(&self, id: ReplyId) -> Option<Reply> {
        let (r, deleted_at) = self.replies.iter().find(|(r, _)| r.id == id)?;
        let quote = r.quote.map(|q| {
            let (quoted, gone) = self
                .replies
                .iter()
                .find(|(x, _)| x.id == q)
                .expect("quotes a stored reply");
            if gone.is_some() {
                Quote::Deleted { id: q }
            } else {
                Quote::Shown {
                    id: q,
                    author: person(quoted.author),
                    excerpt: quoted.body.excerpt(),
                }
            }
        });
        Some(Reply {
            id: r.id,
            article: r.article,
            author: person(r.author),
            body: if deleted_at.is_some() {
                String::new()
            } else {
                r.body.as_str().to_owned()
            },
            quote,
            created_at: r.created_at,
            deleted_at: *deleted_at,
            version: self.edits.get(&id).map_or(1, |e| e.0),
            edited_at: self.edits.get(&id).map(|e| e.1),
            withheld: r.held.as_ref().map(|_| kernel::Withheld::Held),
        })
    }
}

fn offer_of(group: GroupId, (from, to, at): (UserId, UserId, DateTime<Utc>)) -> TransferOffer {
    TransferOffer {
        group,
        from: person(from),
        to: person(to),
        created_at: at,
    }
}

#[derive(Default, Clone)]
struct MemRepo(Arc<Mutex<Mem>>);

fn page_of<T: Clone>(mut rows: Vec<T>, page: PageRequest, key: impl Fn(&T) -> Cursor) -> Page<T> {
    rows.truncate(page.fetch_limit() as usize);
    Page::from_fetched(rows, page, key)
}

fn existing(m: &Membership) -> GroupsError {
    match m.state {
        MemberState::Active => GroupsError::AlreadyMember,
        MemberState::Pending => GroupsError::RequestPending,
        MemberState::Banned => GroupsError::Banned,
    }
}

#[async_trait]
impl GroupRepository for MemRepo {
    async fn create(&self, group: &Group) -> Result<(), GroupsError> {
        let mut m = self.0.lock().unwrap();
        m.groups.insert(group.id, group.clone());
        m.members.insert(
            (group.id, group.owner),
            Membership {
                group: group.id,
                user: group.owner,
                role: MemberRole::Owner,
                state: MemberState::Active,
                since: group.created_at,
            },
        );
        Ok(())
    }
    async fn count_owned(&self, owner: UserId) -> Result<u32, GroupsError> {
        Ok(self
            .0
            .lock()
            .unwrap()
            .groups
            .values()
            .filter(|g| g.owner == owner)
            .count() as u32)
    }
    async fn find(
        &self,
        id: GroupId,
        viewer: Option<UserId>,
    ) -> Result<Option<(Group, Option<Membership>)>, GroupsError> {
        let m = self.0.lock().unwrap();
        Ok(m.groups.get(&id).map(|g| {
            let ms = viewer.and_then(|v| m.members.get(&(id, v)).cloned());
            (g.clone(), ms)
        }))
    }
    async fn find_many(
        &self,
        ids: &[GroupId],
        viewer: Option<UserId>,
    ) -> Result<Vec<(Group, Option<Membership>)>, GroupsError> {
        let mut found = Vec::new();
        for id in ids {
            found.extend(GroupRepository::find(self, *id, viewer).await?);
        }
        Ok(found)
    }
    async fn find_with_offer(
        &self,
        id: GroupId,
        viewer: Option<UserId>,
    ) -> Result<Option<GroupWithOffer>, GroupsError> {
        let m = self.0.lock().unwrap();
        Ok(m.groups.get(&id).map(|g| GroupWithOffer {
            group: g.clone(),
            membership: viewer.and_then(|v| m.members.get(&(id, v)).cloned()),
            offer: m.offers.get(&id).map(|o| offer_of(id, *o)),
        }))
    }
    async fn update(&self, group: &Group) -> Result<bool, GroupsError> {
        let mut m = self.0.lock().unwrap();
        Ok(m.groups
            .get_mut(&group.id)
            .map(|g| *g = group.clone())
            .is_some())
    }
    async fn delete(&self, id: GroupId) -> Result<(), GroupsError> {
        let mut m = self.0.lock().unwrap();
        m.groups.remove(&id);
        m.members.retain(|(g, _), _| *g != id);
        m.requests.retain(|_, r| r.group != id);
        m.articles.retain(|_, a| a.group != id);
        Ok(())
    }
    async fn discover(
        &self,
        query: Option<String>,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<GroupListing>, GroupsError> {
        let m = self.0.lock().unwrap();
        let mut rows: Vec<GroupListing> = m
            .groups
            .values()
            .map(|g| GroupListing {
                group: g.clone(),
                membership: viewer.and_then(|v| m.members.get(&(g.id, v)).cloned()),
            })
            .filter(|l| readable(&l.group, l.membership.as_ref()))
            .filter(|l| {
                query
                    .as_ref()
                    .is_none_or(|q| l.group.name.contains(q.as_str()))
            })
            .collect();
        rows.sort_by_key(|l| std::cmp::Reverse((l.group.created_at, l.group.id)));
        Ok(page_of(rows, page, |l| {
            Cursor::new(l.group.created_at, l.group.id.0)
        }))
    }
    async fn of_member(
        &self,
        user: UserId,
        page: PageRequest,
    ) -> Result<Page<GroupListing>, GroupsError> {
        let m = self.0.lock().unwrap();
        let rows: Vec<GroupListing> = m
            .members
            .values()
            .filter(|ms| ms.user == user && ms.state != MemberState::Banned)
            .map(|ms| GroupListing {
                group: m.groups[&ms.group].clone(),
                membership: Some(ms.clone()),
            })
            .collect();
        Ok(page_of(rows, page, |l| {
            Cursor::new(l.group.created_at, l.group.id.0)
        }))
    }
    /// Deliberately without the statement's pre-filter: every active membership comes back
    /// with the viewer's standing, so the tests show the service itself applies the rule.
    async fn of_member_seen_by(
        &self,
        user: UserId,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<SeenBy<Membership>>, GroupsError> {
        let m = self.0.lock().unwrap();
        let mut rows: Vec<SeenBy<Membership>> = m
            .members
            .values()
            .filter(|ms| ms.user == user && ms.state == MemberState::Active)
            .map(|ms| SeenBy {
                item: ms.clone(),
                group: m.groups[&ms.group].clone(),
                viewer: viewer.and_then(|v| m.members.get(&(ms.group, v)).cloned()),
            })
            .collect();
        rows.sort_by_key(|r| std::cmp::Reverse((r.item.since, r.group.id)));
        Ok(page_of(rows, page, |r| {
            Cursor::new(r.item.since, r.group.id.0)
        }))
    }
    async fn join(&self, membership: &Membership) -> Result<(), GroupsError> {
        let mut m = self.0.lock().unwrap();
        if let Some(old) = m.members.get(&(membership.group, membership.user)) {
            return Err(existing(old));
        }
        m.members
            .insert((membership.group, membership.user), membership.clone());
        m.groups.get_mut(&membership.group).unwrap().member_count += 1;
        Ok(())
    }
    async fn request(&self, request: &JoinRequest) -> Result<(), GroupsError> {
        let mut m = self.0.lock().unwrap();
        if let Some(old) = m.members.get(&(request.group, request.person.id)) {
            return Err(existing(old));
        }
        m.members.insert(
            (request.group, request.person.id),
            Membership {
                group: request.group,
                user: request.person.id,
                role: MemberRole::Member,
                state: MemberState::Pending,
                since: request.created_at,
            },
        );
        let mut stored = request.clone();
        stored.person = person(request.person.id);
        m.requests.insert(request.id, stored);
        Ok(())
    }
    async fn members(
        &self,
        group: GroupId,
        page: PageRequest,
    ) -> Result<Page<Member>, GroupsError> {
        let m = self.0.lock().unwrap();
        let mut rows: Vec<Member> = m
            .members
            .values()
            .filter(|ms| ms.group == group && ms.is_active())
            .map(|ms| Member {
                person: person(ms.user),
                role: ms.role,
                state: ms.state,
                since: ms.since,
            })
            .collect();
        rows.sort_by_key(|r| (r.since, r.person.id));
        Ok(page_of(rows, page, |r| Cursor::new(r.since, r.person.id.0)))
    }
    async fn banned(&self, group: GroupId, page: PageRequest) -> Result<Page<Member>, GroupsError> {
        let m = self.0.lock().unwrap();
        let rows: Vec<Member> = m
            .members
            .values()
            .filter(|ms| ms.group == group && ms.state == MemberState::Banned)
            .map(|ms| Member {
                person: person(ms.user),
                role: ms.role,
                state: ms.state,
                since: ms.since,
            })
            .collect();
        Ok(page_of(rows, page, |r| Cursor::new(r.since, r.person.id.0)))
    }
    async fn managers(&self, group: GroupId) -> Result<Vec<UserId>, GroupsError> {
        let m = self.0.lock().unwrap();
        Ok(m.members
            .values()
            .filter(|ms| ms.group == group && ms.manages())
            .map(|ms| ms.user)
            .collect())
    }
    async fn set_role(
        &self,
        group: GroupId,
        user: UserId,
        role: MemberRole,
    ) -> Result<bool, GroupsError> {
        let mut m = self.0.lock().unwrap();
        Ok(m.members
            .get_mut(&(group, user))
            .filter(|ms| ms.is_active())
            .map(|ms| ms.role = role)
            .is_some())
    }
    async fn remove(
        &self,
        group: GroupId,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<bool, GroupsError> {
        let mut m = self.0.lock().unwrap();
        let Some(old) = m.members.remove(&(group, user)) else {
            return Ok(false);
        };
        if old.is_active() {
            m.groups.get_mut(&group).unwrap().member_count -= 1;
        }
        for r in m.requests.values_mut() {
            if r.group == group && r.person.id == user && r.status == RequestStatus::Pending {
                r.status = RequestStatus::Withdrawn;
                r.decided_at = Some(now);
            }
        }
        Ok(true)
    }
    async fn ban(
        &self,
        group: GroupId,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<(), GroupsError> {
        self.remove(group, user, now).await?;
        self.0.lock().unwrap().members.insert(
            (group, user),
            Membership {
                group,
                user,
                role: MemberRole::Member,
                state: MemberState::Banned,
                since: now,
            },
        );
        Ok(())
    }
    async fn unban(&self, group: GroupId, user: UserId) -> Result<bool, GroupsError> {
        let mut m = self.0.lock().unwrap();
        if m.members
            .get(&(group, user))
            .is_some_and(|ms| ms.state == MemberState::Banned)
        {
            m.members.remove(&(group, user));
            return Ok(true);
        }
        Ok(false)
    }
    async fn offer_transfer(
        &self,
        group: GroupId,
        from: UserId,
        to: UserId,
        now: DateTime<Utc>,
    ) -> Result<(), GroupsError> {
        let mut m = self.0.lock().unwrap();
        if m.offers.contains_key(&group) {
            return Err(GroupsError::TransferOfferPending);
        }
        m.offers.insert(group, (from, to, now));
        Ok(())
    }
    async fn transfer_offer(&self, group: GroupId) -> Result<Option<TransferOffer>, GroupsError> {
        let m = self.0.lock().unwrap();
        Ok(m.offers.get(&group).map(|o| offer_of(group, *o)))
    }
    async fn transfer_offers_of(&self, user: UserId) -> Result<Vec<TransferOffer>, GroupsError> {
        let m = self.0.lock().unwrap();
        Ok(m.offers
            .iter()
            .map(|(g, o)| offer_of(*g, *o))
            .filter(|o| o.concerns(user))
            .collect())
    }
    async fn withdraw_transfer(
        &self,
        group: GroupId,
        to: Option<UserId>,
    ) -> Result<bool, GroupsError> {
        let mut m = self.0.lock().unwrap();
        match m.offers.get(&group) {
            Some((_, t, _)) if to.is_none_or(|to| to == *t) => {
                m.offers.remove(&group);
                Ok(true)
            }
            _ => Ok(false),
        }
    }
    async fn accept_transfer(
        &self,
        group: GroupId,
        from: UserId,
        to: UserId,
        max_owned: u32,
    ) -> Result<(), GroupsError> {
        let mut m = self.0.lock().unwrap();
        if !m
            .offers
            .get(&group)
            .is_some_and(|(f, t, _)| *f == from && *t == to)
        {
            return Err(GroupsError::NoTransferOffer);
        }
        if m.groups.values().filter(|g| g.owner == to).count() as u32 >= max_owned {
            return Err(GroupsError::TooManyGroups { max: max_owned });
        }
        if !m
            .members
            .get(&(group, to))
            .is_some_and(Membership::is_active)
        {
            return Err(GroupsError::NotAMember);
        }
        m.members.get_mut(&(group, to)).unwrap().role = MemberRole::Owner;
        m.members.get_mut(&(group, from)).unwrap().role = MemberRole::Admin;
        m.groups.get_mut(&group).unwrap().owner = to;
        m.offers.remove(&group);
        Ok(())
    }
    async fn requests(
        &self,
        group: GroupId,
        pending_only: bool,
        page: PageRequest,
    ) -> Result<Page<JoinRequest>, GroupsError> {
        let m = self.0.lock().unwrap();
        let rows: Vec<JoinRequest> = m
            .requests
            .values()
            .filter(|r| r.group == group && (!pending_only || r.status == RequestStatus::Pending))
            .cloned()
            .collect();
        Ok(page_of(rows, page, |r| Cursor::new(r.created_at, r.id.0)))
    }
    async fn find_request(&self, id: JoinRequestId) -> Result<Option<JoinRequest>, GroupsError> {
        Ok(self.0.lock().unwrap().requests.get(&id).cloned())
    }
    async fn decide(
        &self,
        id: JoinRequestId,
        decision: &Decision,
        by: UserId,
        now: DateTime<Utc>,
    ) -> Result<Option<JoinRequest>, GroupsError> {
        let mut m = self.0.lock().unwrap();
        let Some(r) = m
            .requests
            .get(&id)
            .cloned()
            .filter(|r| r.status == RequestStatus::Pending)
        else {
            return Ok(None);
        };
        let key = (r.group, r.person.id);
        let mut decided = r.clone();
        decided.decided_by = Some(by);
        decided.decided_at = Some(now);
        match decision {
            Decision::Approve(role) => {
                decided.status = RequestStatus::Approved;
                decided.granted_role = Some(*role);
                let ms = m.members.get_mut(&key).unwrap();
                ms.state = MemberState::Active;
                ms.role = *role;
                ms.since = now;
                m.groups.get_mut(&r.group).unwrap().member_count += 1;
            }
            Decision::Reject(reason) => {
                decided.status = RequestStatus::Rejected;
                decided.reason = reason.clone();
                m.members.remove(&key);
            }
        }
        m.requests.insert(id, decided.clone());
        Ok(Some(decided))
    }
}

#[async_trait]
impl ArticleRepository for MemRepo {
    async fn insert(&self, article: &Article) -> Result<(), GroupsError> {
        let mut a = article.clone();
        a.author = person(a.author.id);
        self.0.lock().unwrap().articles.insert(a.id, a);
        Ok(())
    }
    async fn find(&self, id: ArticleId) -> Result<Option<Article>, GroupsError> {
        Ok(self.0.lock().unwrap().article(id))
    }
    async fn find_many(&self, ids: &[ArticleId]) -> Result<Vec<Article>, GroupsError> {
        let m = self.0.lock().unwrap();
        Ok(ids.iter().filter_map(|id| m.article(*id)).collect())
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
        let mut m = self.0.lock().unwrap();
        let Some(a) = m.articles.get_mut(&id) else {
            return Ok(None);
        };
        if a.version == expected_version && a.withheld.is_none() && held.is_some() {
            a.withheld = Some(kernel::Withheld::Held);
        }
        if a.version != expected_version {
            return Ok(m.article(id).map(SaveOutcome::Conflict));
        }
        a.title = title;
        a.body = body;
        a.excerpt = excerpt;
        a.version += 1;
        a.updated_at = now;
        Ok(m.article(id).map(SaveOutcome::Saved))
    }
    async fn set_status(
        &self,
        id: ArticleId,
        status: ArticleStatus,
        now: DateTime<Utc>,
        held: Option<Vec<String>>,
    ) -> Result<Option<Article>, GroupsError> {
        let mut m = self.0.lock().unwrap();
        let Some(a) = m.articles.get_mut(&id) else {
            return Ok(None);
        };
        if a.withheld.is_none() && held.is_some() {
            a.withheld = Some(kernel::Withheld::Held);
        }
        a.status = status;
        a.version += 1;
        if status == ArticleStatus::Published && a.published_at.is_none() {
            a.published_at = Some(now);
        }
        Ok(m.article(id))
    }
    async fn delete(&self, id: ArticleId) -> Result<(), GroupsError> {
        self.0.lock().unwrap().articles.remove(&id);
        Ok(())
    }
    async fn published(
        &self,
        group: GroupId,
        _viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<ArticleSummary>, GroupsError> {
        let m = self.0.lock().unwrap();
        let rows = m.summaries(|a| a.group == group && a.status == ArticleStatus::Published);
        Ok(page_of(rows, page, |a| Cursor::new(a.updated_at, a.id.0)))
    }
    async fn drafts(
        &self,
        group: GroupId,
        author: UserId,
        page: PageRequest,
    ) -> Result<Page<ArticleSummary>, GroupsError> {
        let m = self.0.lock().unwrap();
        let rows = m.summaries(|a| {
            a.group == group && a.author.id == author && a.status == ArticleStatus::Draft
        });
        Ok(page_of(rows, page, |a| Cursor::new(a.updated_at, a.id.0)))
    }
    async fn chars_by_author(&self, author: UserId) -> Result<u64, GroupsError> {
        let m = self.0.lock().unwrap();
        Ok(m.articles
            .values()
            .filter(|a| a.author.id == author)
            .map(|a| (a.title.chars().count() + a.body.chars().count()) as u64)
            .sum())
    }
    /// Without the pre-filter, as `of_member_seen_by`.
    async fn published_by_author_seen_by(
        &self,
        author: UserId,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<SeenBy<ArticleSummary>>, GroupsError> {
        let m = self.0.lock().unwrap();
        let mut rows: Vec<SeenBy<ArticleSummary>> = m
            .summaries(|a| a.author.id == author && a.status == ArticleStatus::Published)
            .into_iter()
            .map(|a| SeenBy {
                group: m.groups[&a.group].clone(),
                viewer: viewer.and_then(|v| m.members.get(&(a.group, v)).cloned()),
                item: a,
            })
            .collect();
        rows.sort_by_key(|r| std::cmp::Reverse((r.item.published_at, r.item.id)));
        Ok(page_of(rows, page, |r| {
            Cursor::new(
                r.item.published_at.unwrap_or(r.item.updated_at),
                r.item.id.0,
            )
        }))
    }
}

#[async_trait]
impl ReplyRepository for MemRepo {
    async fn insert(&self, reply: &NewReply) -> Result<(), GroupsError> {
        let mut m = self.0.lock().unwrap();
        if !m.articles.contains_key(&reply.article) {
            return Err(GroupsError::NotFound);
        }
        if m.locked.contains(&reply.article) {
            return Err(GroupsError::RepliesLocked);
        }
        m.replies.push((reply.clone(), None));
        Ok(())
    }
    async fn find(&self, id: ReplyId) -> Result<Option<Reply>, GroupsError> {
        Ok(self.0.lock().unwrap().reply(id))
    }
    async fn find_many(&self, ids: &[ReplyId]) -> Result<Vec<Reply>, GroupsError> {
        let m = self.0.lock().unwrap();
        Ok(ids.iter().filter_map(|id| m.reply(*id)).collect())
    }
    async fn of_article(
        &self,
        article: ArticleId,
        _viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<Reply>, GroupsError> {
        let m = self.0.lock().unwrap();
        let mut rows: Vec<Reply> = m
            .replies
            .iter()
            .filter(|(r, gone)| r.article == article && gone.is_none())
            .filter(|(r, _)| {
                page.after
                    .is_none_or(|c| (r.created_at, r.id.0) > (c.at, c.id))
            })
            .filter_map(|(r, _)| m.reply(r.id))
            .collect();
        rows.sort_by_key(|r| (r.created_at, r.id));
        Ok(page_of(rows, page, |r| Cursor::new(r.created_at, r.id.0)))
    }
    async fn edit(
        &self,
        id: ReplyId,
        body: &ReplyBody,
        expected_version: i64,
        now: DateTime<Utc>,
        held: Option<Vec<String>>,
    ) -> Result<Option<ReplyEdit>, GroupsError> {
        let mut m = self.0.lock().unwrap();
        let Some(current) = m.reply(id).filter(|r| r.deleted_at.is_none()) else {
            return Ok(None);
        };
        if current.version != expected_version {
            return Ok(Some(ReplyEdit::Conflict(current)));
        }
        let old = ReplyVersion {
            version: current.version,
            body: current.body.clone(),
            written_at: current.edited_at.unwrap_or(current.created_at),
        };
        let entry = m.edits.entry(id).or_insert((1, now, Vec::new()));
        entry.0 += 1;
        entry.1 = now;
        entry.2.push(old);
        let stored = m.replies.iter_mut().find(|(r, _)| r.id == id).unwrap();
        stored.0.body = body.clone();
        if stored.0.held.is_none() {
            stored.0.held = held;
        }
        Ok(Some(ReplyEdit::Saved(m.reply(id).unwrap())))
    }
    async fn versions(&self, id: ReplyId) -> Result<Vec<ReplyVersion>, GroupsError> {
        let m = self.0.lock().unwrap();
        Ok(m.edits
            .get(&id)
            .map(|e| e.2.iter().rev().cloned().collect())
            .unwrap_or_default())
    }
    async fn delete(&self, id: ReplyId, now: DateTime<Utc>) -> Result<bool, GroupsError> {
        let mut m = self.0.lock().unwrap();
        let deleted = m
            .replies
            .iter_mut()
            .find(|(r, gone)| r.id == id && gone.is_none())
            .map(|(_, gone)| *gone = Some(now))
            .is_some();
        if deleted && let Some(e) = m.edits.get_mut(&id) {
            e.2.clear();
        }
        Ok(deleted)
    }
    async fn set_locked(&self, article: ArticleId, locked: bool) -> Result<bool, GroupsError> {
        let mut m = self.0.lock().unwrap();
        if !m.articles.contains_key(&article) {
            return Ok(false);
        }
        if locked {
            m.locked.insert(article);
        } else {
            m.locked.remove(&article);
        }
        Ok(true)
    }
}

/// An audit log that keeps what it is given.
#[derive(Default)]
struct Recorded(Mutex<Vec<AuditEvent>>);

#[async_trait]
impl AuditLog for Recorded {
    async fn record(&self, event: AuditEvent) -> Result<(), anyhow::Error> {
        self.0.lock().unwrap().push(event);
        Ok(())
    }
}

/// A notifier that keeps what it is told.
#[derive(Default)]
struct Told(Mutex<Vec<Notice>>);

#[async_trait]
impl Notifier for Told {
    async fn notify(&self, notice: Notice) {
        self.0.lock().unwrap().push(notice);
    }
    async fn announce(&self, _news: News) {}
}

impl Told {
    /// What was told of `kind` since the last call, and forgets everything told.
    fn take(&self, kind: NoticeKind) -> Vec<Notice> {
        let all = std::mem::take(&mut *self.0.lock().unwrap());
        all.into_iter().filter(|n| n.kind == kind).collect()
    }
    fn clear(&self) {
        self.0.lock().unwrap().clear();
    }
}

struct World {
    audit: Arc<Recorded>,
    told: Arc<Told>,
    repo: MemRepo,
    media_rows: Arc<MemoryRepository>,
    /// Who blocked whom (either way), by the usernames of [`person`].
    blocks: Arc<PairBlocks>,
    svc: GroupsService,
}

/// Blocks between pairs of people (either way); mentions name people as [`person`] does.
#[derive(Default)]
struct PairBlocks(Mutex<Vec<(UserId, UserId, String)>>);

impl PairBlocks {
    /// `a` blocks `b`.
    fn block(&self, a: UserId, b: UserId) {
        self.0
            .lock()
            .unwrap()
            .push((a, b, person(b).username.to_lowercase()));
        self.0
            .lock()
            .unwrap()
            .push((b, a, person(a).username.to_lowercase()));
    }
}

#[async_trait]
impl kernel::Blocks for PairBlocks {
    async fn is_blocked(&self, a: UserId, b: UserId) -> Result<bool, anyhow::Error> {
        Ok(self
            .0
            .lock()
            .unwrap()
            .iter()
            .any(|(x, y, _)| (*x, *y) == (a, b)))
    }
    async fn blocked_among(
        &self,
        actor: UserId,
        usernames: Vec<String>,
    ) -> Result<Vec<String>, anyhow::Error> {
        let pairs = self.0.lock().unwrap();
        Ok(usernames
            .into_iter()
            .filter(|n| pairs.iter().any(|(x, _, name)| *x == actor && name == n))
            .collect())
    }
}

fn world_with(policy: GroupsPolicy, limiter: MockRateLimiter) -> World {
    let blocks = Arc::new(PairBlocks::default());
    let repo = MemRepo::default();
    let audit = Arc::new(Recorded::default());
    let told = Arc::new(Told::default());
    let media_rows = Arc::new(MemoryRepository::default());
    let mut processor = MockImageProcessor::new();
    processor.expect_process().returning(|_, _| {
        Ok(ProcessedImage {
            format: ImageFormat::Png,
            original: vec![1; 10],
            width: 10,
            height: 10,
            thumbnail: vec![2; 5],
            thumb_width: 10,
            thumb_height: 10,
        })
    });
    let clock = Arc::new(FixedClock(t0()));
    let mut media_limiter = MockRateLimiter::new();
    media_limiter
        .expect_hit()
        .returning(|_, _, _| Ok(RateDecision::Allowed));
    let media = MediaService::new(
        MediaPorts {
            store: Arc::new(MemoryStore::default()),
            repo: media_rows.clone(),
            processor: Arc::new(processor),
            access: Arc::new(GroupMediaAccess::new(
                Arc::new(repo.clone()),
                Arc::new(repo.clone()),
            )),
            limiter: Arc::new(media_limiter),
            clock: clock.clone(),
        },
        MediaPolicy::default(),
    );
    let mut codes = crate::ports::MockInviteCodes::new();
    let mut n = 0;
    codes.expect_generate().returning(move || {
        n += 1;
        format!("ABCDEFG{}", (b'2' + n) as char)
    });
    let svc = GroupsService::new(
        GroupsPorts {
            groups: Arc::new(repo.clone()),
            articles: Arc::new(repo.clone()),
            replies: Arc::new(repo.clone()),
            codes: Arc::new(codes),
            limiter: Arc::new(limiter),
            clock,
            audit: audit.clone(),
            notifier: told.clone(),
            words: Arc::new(kernel::ListedWords {
                refused: &["禁词"],
                held: &["审词"],
            }),
            blocks: blocks.clone(),
        },
        Arc::new(media),
        policy,
    );
    World {
        audit,
        told,
        repo,
        media_rows,
        blocks,
        svc,
    }
}

fn allowing() -> MockRateLimiter {
    let mut l = MockRateLimiter::new();
    l.expect_hit()
        .returning(|_, _, _| Ok(RateDecision::Allowed));
    l
}

fn world() -> World {
    world_with(GroupsPolicy::default(), allowing())
}

fn settings(visibility: Visibility, policy: JoinPolicy) -> GroupSettings {
    GroupSettings::new(
        GroupName::parse("读书会").unwrap(),
        GroupDescription::parse("每周一本书").unwrap(),
        visibility,
        policy,
    )
    .unwrap()
}

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n....";

impl World {
    async fn group(&self, owner: UserId, v: Visibility, p: JoinPolicy) -> Group {
        self.svc.create(owner, settings(v, p)).await.unwrap()
    }

    fn state_of(&self, g: GroupId, u: UserId) -> Option<MemberState> {
        self.repo
            .0
            .lock()
            .unwrap()
            .members
            .get(&(g, u))
            .map(|m| m.state)
    }

    fn count(&self, g: GroupId) -> u32 {
        self.repo.0.lock().unwrap().groups[&g].member_count
    }

    /// `user` joins an open group, or asks and is approved as `role`.
    async fn member(&self, owner: UserId, g: &Group, role: MemberRole) -> UserId {
        let user = UserId::new_random();
        match self
            .svc
            .join(user, g.id, JoinAttempt::default())
            .await
            .unwrap()
        {
            JoinOutcome::Joined(_) => {
                if role != MemberRole::Member {
                    self.svc.set_role(owner, g.id, user, role).await.unwrap();
                }
            }
            JoinOutcome::Requested(r) => {
                self.svc
                    .decide(owner, g.id, r.id, Decision::Approve(role))
                    .await
                    .unwrap();
            }
        }
        user
    }
}

#[tokio::test]
async fn a_new_group_has_its_owner_as_its_only_member_and_an_invite_code() {
    let w = world();
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    assert_eq!(g.member_count, 1);
    assert_eq!(g.invite_code.len(), 8);
    let view = w.svc.get(Some(owner), g.id).await.unwrap();
    assert_eq!(view.active_role(), Some(MemberRole::Owner));
    assert!(view.manages() && view.can_read);
}

#[tokio::test]
async fn creating_is_rate_limited_and_capped_per_owner() {
    let mut limiter = MockRateLimiter::new();
    limiter
        .expect_hit()
        .withf(|key, _, _| key.starts_with("groups:create:"))
        .times(1)
        .returning(|_, _, _| {
            Ok(RateDecision::Limited {
                retry_after_secs: 60,
            })
        });
    let w = world_with(GroupsPolicy::default(), limiter);
    assert!(matches!(
        w.svc
            .create(
                UserId::new_random(),
                settings(Visibility::Public, JoinPolicy::Open)
            )
            .await,
        Err(GroupsError::RateLimited {
            retry_after_secs: 60
        })
    ));

    let w = world_with(
        GroupsPolicy {
            max_owned_per_user: 2,
            ..GroupsPolicy::default()
        },
        allowing(),
    );
    let owner = UserId::new_random();
    w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    assert!(matches!(
        w.svc
            .create(owner, settings(Visibility::Public, JoinPolicy::Open))
            .await,
        Err(GroupsError::TooManyGroups { max: 2 })
    ));
    w.group(UserId::new_random(), Visibility::Public, JoinPolicy::Open)
        .await;
}

#[tokio::test]
async fn each_policy_lets_people_in_its_own_way() {
    let w = world();
    let owner = UserId::new_random();
    let open = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let approval = w
        .group(owner, Visibility::Public, JoinPolicy::Approval)
        .await;
    let coded = w
        .group(owner, Visibility::Private, JoinPolicy::InviteCode)
        .await;
    let alice = UserId::new_random();

    assert!(matches!(
        w.svc
            .join(alice, open.id, JoinAttempt::default())
            .await
            .unwrap(),
        JoinOutcome::Joined(_)
    ));
    assert_eq!(w.count(open.id), 2);

    let outcome = w
        .svc
        .join(
            alice,
            approval.id,
            JoinAttempt {
                message: Some("  我想加入  ".into()),
                code: None,
            },
        )
        .await
        .unwrap();
    let JoinOutcome::Requested(r) = outcome else {
        panic!("an approval group takes a request")
    };
    assert_eq!(r.message, "我想加入");
    assert_eq!(w.state_of(approval.id, alice), Some(MemberState::Pending));
    assert_eq!(w.count(approval.id), 1, "a request is not a member");
    assert!(matches!(
        w.svc.join(alice, approval.id, JoinAttempt::default()).await,
        Err(GroupsError::RequestPending)
    ));

    assert!(matches!(
        w.svc.join(alice, coded.id, JoinAttempt::default()).await,
        Err(GroupsError::WrongInviteCode)
    ));
    assert!(matches!(
        w.svc
            .join(
                alice,
                coded.id,
                JoinAttempt {
                    message: None,
                    code: Some("ZZZZZZZZ".into())
                }
            )
            .await,
        Err(GroupsError::WrongInviteCode)
    ));
    let code = coded.invite_code.to_lowercase();
    assert!(matches!(
        w.svc
            .join(
                alice,
                coded.id,
                JoinAttempt {
                    message: None,
                    code: Some(code)
                }
            )
            .await
            .unwrap(),
        JoinOutcome::Joined(_)
    ));
    assert!(matches!(
        w.svc.join(alice, coded.id, JoinAttempt::default()).await,
        Err(GroupsError::AlreadyMember)
    ));
}

#[tokio::test]
async fn a_right_invite_code_skips_the_approval_and_guesses_are_limited() {
    let mut limiter = MockRateLimiter::new();
    limiter
        .expect_hit()
        .withf(|key, _, _| key.starts_with("groups:create:"))
        .returning(|_, _, _| Ok(RateDecision::Allowed));
    limiter
        .expect_hit()
        .withf(|key, _, _| key.starts_with("groups:code:"))
        .times(1)
        .returning(|_, _, _| {
            Ok(RateDecision::Limited {
                retry_after_secs: 900,
            })
        });
    let w = world_with(GroupsPolicy::default(), limiter);
    let g = w
        .group(
            UserId::new_random(),
            Visibility::Private,
            JoinPolicy::Approval,
        )
        .await;
    assert!(matches!(
        w.svc
            .join(
                UserId::new_random(),
                g.id,
                JoinAttempt {
                    message: None,
                    code: Some(g.invite_code.clone())
                }
            )
            .await,
        Err(GroupsError::RateLimited {
            retry_after_secs: 900
        })
    ));

    let w = world();
    let g = w
        .group(
            UserId::new_random(),
            Visibility::Private,
            JoinPolicy::Approval,
        )
        .await;
    let bob = UserId::new_random();
    assert!(matches!(
        w.svc
            .join(
                bob,
                g.id,
                JoinAttempt {
                    message: None,
                    code: Some(g.invite_code.clone())
                }
            )
            .await
            .unwrap(),
        JoinOutcome::Joined(_)
    ));
}

#[tokio::test]
async fn a_regenerated_code_retires_the_old_one() {
    let w = world();
    let owner = UserId::new_random();
    let g = w
        .group(owner, Visibility::Public, JoinPolicy::InviteCode)
        .await;
    let renewed = w.svc.regenerate_invite_code(owner, g.id).await.unwrap();
    assert_ne!(renewed.invite_code, g.invite_code);
    assert!(matches!(
        w.svc
            .join(
                UserId::new_random(),
                g.id,
                JoinAttempt {
                    message: None,
                    code: Some(g.invite_code)
                }
            )
            .await,
        Err(GroupsError::WrongInviteCode)
    ));
    assert!(matches!(
        w.svc
            .join(
                UserId::new_random(),
                g.id,
                JoinAttempt {
                    message: None,
                    code: Some(renewed.invite_code)
                }
            )
            .await
            .unwrap(),
        JoinOutcome::Joined(_)
    ));
}

#[tokio::test]
async fn the_private_groups_content_is_for_active_members_only() {
    let w = world();
    let owner = UserId::new_random();
    let g = w
        .group(owner, Visibility::Private, JoinPolicy::Approval)
        .await;
    let article = w
        .svc
        .create_article(owner, g.id, "内部", "正文")
        .await
        .unwrap();
    w.svc
        .set_article_status(owner, g.id, article.id, ArticleStatus::Published)
        .await
        .unwrap();
    let image = w
        .svc
        .upload_image(owner, g.id, None, PNG.to_vec())
        .await
        .unwrap();

    let stranger = UserId::new_random();
    let requester = UserId::new_random();
    w.svc
        .join(requester, g.id, JoinAttempt::default())
        .await
        .unwrap();
    for viewer in [None, Some(stranger), Some(requester)] {
        let home = w.svc.home(viewer, g.id).await.unwrap();
        assert!(!home.view.can_read);
        assert!(home.articles.is_empty() && home.gallery.is_empty() && home.members.is_empty());
        assert!(matches!(
            w.svc
                .published_articles(viewer, g.id, PageRequest::first(5))
                .await,
            Err(GroupsError::MembersOnly)
        ));
        assert!(matches!(
            w.svc.article(viewer, g.id, article.id).await,
            Err(GroupsError::MembersOnly)
        ));
        assert!(matches!(
            w.svc.gallery(viewer, g.id, PageRequest::first(5)).await,
            Err(GroupsError::MembersOnly)
        ));
        assert!(matches!(
            w.svc.members(viewer, g.id, PageRequest::first(5)).await,
            Err(GroupsError::MembersOnly)
        ));
        let access = GroupMediaAccess::new(Arc::new(w.repo.clone()), Arc::new(w.repo.clone()));
        assert_eq!(access.readable(viewer, &image).await.unwrap(), Readable::No);
    }
    assert!(
        w.svc
            .discover(Some(stranger), None, PageRequest::first(10))
            .await
            .unwrap()
            .items
            .is_empty()
    );

    let home = w.svc.home(Some(owner), g.id).await.unwrap();
    assert_eq!(home.articles.len(), 1);
    assert_eq!(home.gallery.len(), 1);
    assert_eq!(home.members.len(), 1);
    let access = GroupMediaAccess::new(Arc::new(w.repo.clone()), Arc::new(w.repo.clone()));
    assert_eq!(
        access.readable(Some(owner), &image).await.unwrap(),
        Readable::Private
    );
}

#[tokio::test]
async fn a_public_groups_files_are_anyones_and_files_of_no_group_nobodys() {
    let w = world();
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let image = w
        .svc
        .upload_image(owner, g.id, None, PNG.to_vec())
        .await
        .unwrap();
    let access = GroupMediaAccess::new(Arc::new(w.repo.clone()), Arc::new(w.repo.clone()));
    assert_eq!(
        access.readable(None, &image).await.unwrap(),
        Readable::Public
    );
    let mut orphan = image.clone();
    orphan.group = None;
    assert_eq!(
        access.readable(Some(owner), &orphan).await.unwrap(),
        Readable::No
    );
    orphan.group = Some(GroupId::new_random());
    assert_eq!(
        access.readable(Some(owner), &orphan).await.unwrap(),
        Readable::No
    );
}

#[tokio::test]
async fn admins_approve_as_members_and_only_the_owner_grants_admin() {
    let w = world();
    let owner = UserId::new_random();
    let g = w
        .group(owner, Visibility::Private, JoinPolicy::Approval)
        .await;
    let admin = w.member(owner, &g, MemberRole::Admin).await;
    let asker = UserId::new_random();
    let JoinOutcome::Requested(r) = w
        .svc
        .join(
            asker,
            g.id,
            JoinAttempt {
                message: Some("hi".into()),
                code: None,
            },
        )
        .await
        .unwrap()
    else {
        panic!()
    };
    assert!(matches!(
        w.svc
            .decide(admin, g.id, r.id, Decision::Approve(MemberRole::Admin))
            .await,
        Err(GroupsError::NotAllowed)
    ));
    assert!(matches!(
        w.svc
            .decide(owner, g.id, r.id, Decision::Approve(MemberRole::Owner))
            .await,
        Err(GroupsError::NotAllowed)
    ));
    let decided = w
        .svc
        .decide(owner, g.id, r.id, Decision::Approve(MemberRole::Admin))
        .await
        .unwrap();
    assert_eq!(decided.status, RequestStatus::Approved);
    assert_eq!(decided.granted_role, Some(MemberRole::Admin));
    assert_eq!(decided.decided_by, Some(owner));
    let events = w.audit.0.lock().unwrap().clone();
    let approved: Vec<_> = events
        .iter()
        .filter(|e| {
            e.action == AuditAction::GroupRequestApproved.as_str()
                && e.target == Some(asker.to_string())
        })
        .collect();
    assert_eq!(
        approved.len(),
        1,
        "refused decisions are not audited: {events:?}"
    );
    assert_eq!(approved[0].actor, Some(owner));
    assert_eq!(approved[0].target, Some(asker.to_string()));
    assert_eq!(
        approved[0].detail.as_deref(),
        Some(format!("group {}; role admin", g.id).as_str())
    );
    assert_eq!(
        w.svc.get(Some(asker), g.id).await.unwrap().active_role(),
        Some(MemberRole::Admin)
    );
    assert_eq!(w.count(g.id), 3);

    assert!(matches!(
        w.svc
            .decide(admin, g.id, r.id, Decision::Approve(MemberRole::Member))
            .await,
        Err(GroupsError::RequestDecided)
    ));
    let history = w
        .svc
        .requests(owner, g.id, false, PageRequest::first(10))
        .await
        .unwrap();
    assert!(
        history
            .items
            .iter()
            .any(|h| h.id == r.id && h.status == RequestStatus::Approved)
    );
    assert!(
        w.svc
            .requests(owner, g.id, true, PageRequest::first(10))
            .await
            .unwrap()
            .items
            .is_empty()
    );
}

#[tokio::test]
async fn a_rejection_keeps_its_reason_and_lets_the_person_ask_again() {
    let w = world();
    let owner = UserId::new_random();
    let g = w
        .group(owner, Visibility::Public, JoinPolicy::Approval)
        .await;
    let asker = UserId::new_random();
    let JoinOutcome::Requested(r) = w
        .svc
        .join(asker, g.id, JoinAttempt::default())
        .await
        .unwrap()
    else {
        panic!()
    };
    let decided = w
        .svc
        .decide(
            owner,
            g.id,
            r.id,
            Decision::Reject(Some(" 名额已满 ".into())),
        )
        .await
        .unwrap();
    assert_eq!(decided.reason.as_deref(), Some("名额已满"));
    assert_eq!(w.state_of(g.id, asker), None);
    assert!(matches!(
        w.svc
            .join(asker, g.id, JoinAttempt::default())
            .await
            .unwrap(),
        JoinOutcome::Requested(_)
    ));
    let member = w
        .member(
            owner,
            &w.svc.get(None, g.id).await.unwrap().group,
            MemberRole::Member,
        )
        .await;
    assert!(matches!(
        w.svc
            .requests(member, g.id, true, PageRequest::first(5))
            .await,
        Err(GroupsError::NotAllowed)
    ));
    let other = w
        .group(owner, Visibility::Public, JoinPolicy::Approval)
        .await;
    assert!(
        matches!(
            w.svc
                .decide(owner, other.id, r.id, Decision::Reject(None))
                .await,
            Err(GroupsError::NotFound)
        ),
        "a request is decided through its own group only"
    );
}

#[tokio::test]
async fn a_banned_person_cannot_rejoin_or_ask_until_unbanned() {
    let w = world();
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let bob = w.member(owner, &g, MemberRole::Member).await;
    assert_eq!(w.count(g.id), 2);
    w.svc.ban(owner, g.id, bob).await.unwrap();
    {
        let events = w.audit.0.lock().unwrap();
        let last = events.last().unwrap();
        assert_eq!(last.action, "group.member.banned");
        assert_eq!(
            (last.actor, last.target.clone()),
            (Some(owner), Some(bob.to_string()))
        );
    }
    assert_eq!(w.count(g.id), 1);
    assert_eq!(w.state_of(g.id, bob), Some(MemberState::Banned));
    assert!(matches!(
        w.svc.join(bob, g.id, JoinAttempt::default()).await,
        Err(GroupsError::Banned)
    ));
    assert!(matches!(
        w.svc
            .join(
                bob,
                g.id,
                JoinAttempt {
                    message: None,
                    code: Some(g.invite_code.clone())
                }
            )
            .await,
        Err(GroupsError::Banned)
    ));
    assert!(matches!(
        w.svc.leave(bob, g.id).await,
        Err(GroupsError::Banned)
    ));
    assert_eq!(
        w.svc
            .banned(owner, g.id, PageRequest::first(5))
            .await
            .unwrap()
            .items
            .len(),
        1
    );
    w.svc.unban(owner, g.id, bob).await.unwrap();
    assert!(matches!(
        w.svc.unban(owner, g.id, bob).await,
        Err(GroupsError::NotFound)
    ));
    assert!(matches!(
        w.svc.join(bob, g.id, JoinAttempt::default()).await.unwrap(),
        JoinOutcome::Joined(_)
    ));
}

#[tokio::test]
async fn who_may_manage_whom() {
    let w = world();
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let admin = w.member(owner, &g, MemberRole::Admin).await;
    let admin2 = w.member(owner, &g, MemberRole::Admin).await;
    let member = w.member(owner, &g, MemberRole::Member).await;
    let member2 = w.member(owner, &g, MemberRole::Member).await;

    assert!(matches!(
        w.svc.remove_member(admin, g.id, owner).await,
        Err(GroupsError::OwnerUntouchable)
    ));
    assert!(matches!(
        w.svc.ban(admin, g.id, admin2).await,
        Err(GroupsError::NotAllowed)
    ));
    assert!(matches!(
        w.svc.remove_member(member, g.id, member2).await,
        Err(GroupsError::NotAllowed)
    ));
    assert!(matches!(
        w.svc.set_role(admin, g.id, member, MemberRole::Admin).await,
        Err(GroupsError::NotAllowed)
    ));
    assert!(matches!(
        w.svc.set_role(owner, g.id, member, MemberRole::Owner).await,
        Err(GroupsError::NotAllowed)
    ));
    assert!(matches!(
        w.svc.remove_member(owner, g.id, owner).await,
        Err(GroupsError::NotAllowed)
    ));
    assert!(matches!(
        w.svc.remove_member(owner, g.id, UserId::new_random()).await,
        Err(GroupsError::NotFound)
    ));

    w.svc.remove_member(admin, g.id, member2).await.unwrap();
    w.svc
        .set_role(owner, g.id, admin2, MemberRole::Member)
        .await
        .unwrap();
    w.svc.remove_member(owner, g.id, admin).await.unwrap();
    assert_eq!(w.count(g.id), 3);
    assert!(matches!(
        w.svc
            .update_settings(
                member,
                g.id,
                settings(Visibility::Public, JoinPolicy::Approval)
            )
            .await,
        Err(GroupsError::NotAllowed)
    ));
    assert!(matches!(
        w.svc.delete(admin2, g.id).await,
        Err(GroupsError::NotAllowed)
    ));
}

#[tokio::test]
async fn the_owner_leaves_only_after_handing_the_group_on() {
    let w = world();
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    assert!(matches!(
        w.svc.leave(owner, g.id).await,
        Err(GroupsError::OwnerCannotLeave)
    ));
    let stranger = UserId::new_random();
    assert!(matches!(
        w.svc.offer_transfer(owner, g.id, stranger).await,
        Err(GroupsError::NotAMember)
    ));
    let heir = w.member(owner, &g, MemberRole::Member).await;
    assert!(matches!(
        w.svc.offer_transfer(heir, g.id, heir).await,
        Err(GroupsError::NotAllowed)
    ));
    w.svc.offer_transfer(owner, g.id, heir).await.unwrap();
    assert_eq!(
        w.svc.get(Some(owner), g.id).await.unwrap().group.owner,
        owner,
        "an offer moves nothing"
    );
    w.svc.accept_transfer(heir, g.id).await.unwrap();
    assert_eq!(
        w.svc.get(Some(owner), g.id).await.unwrap().group.owner,
        heir
    );
    assert_eq!(
        w.svc.get(Some(owner), g.id).await.unwrap().active_role(),
        Some(MemberRole::Admin)
    );
    w.svc.leave(owner, g.id).await.unwrap();
    assert_eq!(w.count(g.id), 1);
    assert!(matches!(
        w.svc.leave(owner, g.id).await,
        Err(GroupsError::NotFound)
    ));
}

#[tokio::test]
async fn ownership_is_offered_and_taken_only_by_its_recipient_within_their_cap() {
    let w = world_with(
        GroupsPolicy {
            max_owned_per_user: 2,
            ..GroupsPolicy::default()
        },
        allowing(),
    );
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let heir = w.member(owner, &g, MemberRole::Member).await;
    let other = w.member(owner, &g, MemberRole::Admin).await;

    w.svc.offer_transfer(owner, g.id, heir).await.unwrap();
    assert!(matches!(
        w.svc.offer_transfer(owner, g.id, other).await,
        Err(GroupsError::TransferOfferPending)
    ));
    assert!(
        w.svc
            .transfer_offer(Some(heir), g.id)
            .await
            .unwrap()
            .is_some()
    );
    assert!(
        w.svc
            .transfer_offer(Some(other), g.id)
            .await
            .unwrap()
            .is_none()
    );
    // The group's home shows the offer to the two it concerns and to nobody else.
    for (viewer, shown) in [
        (Some(owner), true),
        (Some(heir), true),
        (Some(other), false),
        (None, false),
    ] {
        let home = w.svc.home(viewer, g.id).await.unwrap();
        let offer = home.offer.map(|o| (o.from.id, o.to.id));
        assert_eq!(offer, shown.then_some((owner, heir)), "{viewer:?}");
    }
    for not_theirs in [other, owner] {
        assert!(matches!(
            w.svc.accept_transfer(not_theirs, g.id).await,
            Err(GroupsError::NoTransferOffer)
        ));
        assert!(matches!(
            w.svc.decline_transfer(not_theirs, g.id).await,
            Err(GroupsError::NoTransferOffer)
        ));
    }
    w.svc.decline_transfer(heir, g.id).await.unwrap();
    assert!(matches!(
        w.svc.accept_transfer(heir, g.id).await,
        Err(GroupsError::NoTransferOffer)
    ));

    w.svc.offer_transfer(owner, g.id, heir).await.unwrap();
    assert!(matches!(
        w.svc.cancel_transfer(other, g.id).await,
        Err(GroupsError::NotAllowed)
    ));
    w.svc.cancel_transfer(owner, g.id).await.unwrap();
    assert!(matches!(
        w.svc.cancel_transfer(owner, g.id).await,
        Err(GroupsError::NoTransferOffer)
    ));

    // The cap: the heir owns two already; the offer is refused at once, and an offer made
    // before they reached it is refused on accepting.
    w.svc.offer_transfer(owner, g.id, heir).await.unwrap();
    w.group(heir, Visibility::Public, JoinPolicy::Open).await;
    w.group(heir, Visibility::Public, JoinPolicy::Open).await;
    assert!(matches!(
        w.svc.accept_transfer(heir, g.id).await,
        Err(GroupsError::TooManyGroups { max: 2 })
    ));
    assert_eq!(w.svc.get(None, g.id).await.unwrap().group.owner, owner);
    w.svc.cancel_transfer(owner, g.id).await.unwrap();
    assert!(matches!(
        w.svc.offer_transfer(owner, g.id, heir).await,
        Err(GroupsError::TooManyGroups { max: 2 })
    ));
    let actions: Vec<String> = w
        .audit
        .0
        .lock()
        .unwrap()
        .iter()
        .map(|e| e.action.clone())
        .collect();
    for a in [
        AuditAction::GroupTransferOffered,
        AuditAction::GroupTransferDeclined,
        AuditAction::GroupTransferCancelled,
    ] {
        assert!(
            actions.contains(&a.as_str().to_owned()),
            "{a:?} in {actions:?}"
        );
    }
}

#[tokio::test]
async fn drafts_are_their_authors_and_saves_never_overwrite_each_other() {
    let w = world();
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let author = w.member(owner, &g, MemberRole::Member).await;
    let other = w.member(owner, &g, MemberRole::Member).await;
    let a = w
        .svc
        .create_article(author, g.id, " 草稿 ", "# 你好")
        .await
        .unwrap();
    assert_eq!(
        (a.title.as_str(), a.status, a.version),
        ("草稿", ArticleStatus::Draft, 1)
    );
    assert_eq!(a.excerpt, "你好");

    for viewer in [None, Some(other)] {
        assert!(matches!(
            w.svc.article(viewer, g.id, a.id).await,
            Err(GroupsError::NotFound)
        ));
    }
    assert!(
        w.svc
            .article(Some(owner), g.id, a.id)
            .await
            .unwrap()
            .may_edit,
        "managers see drafts"
    );
    assert_eq!(
        w.svc
            .my_drafts(author, g.id, PageRequest::first(5))
            .await
            .unwrap()
            .items
            .len(),
        1
    );
    assert!(
        w.svc
            .my_drafts(other, g.id, PageRequest::first(5))
            .await
            .unwrap()
            .items
            .is_empty()
    );

    let saved = w
        .svc
        .save_article(author, g.id, a.id, "标题", "一", 1)
        .await
        .unwrap()
        .saved()
        .expect("saved");
    assert_eq!(saved.version, 2);
    let stale = w.svc.save_article(owner, g.id, a.id, "标题", "二", 1).await;
    let Ok(SaveOutcome::Conflict(current)) = stale else {
        panic!("a save from version 1 after version 2 is a conflict: {stale:?}")
    };
    assert_eq!((current.version, current.body.as_str()), (2, "一"));
    assert!(matches!(
        w.svc.save_article(other, g.id, a.id, "标题", "三", 2).await,
        Err(GroupsError::NotFound)
    ));

    let published = w
        .svc
        .set_article_status(author, g.id, a.id, ArticleStatus::Published)
        .await
        .unwrap();
    assert_eq!(published.published_at, Some(t0()));
    let seen = w.svc.article(Some(other), g.id, a.id).await.unwrap();
    assert!(!seen.may_edit);
    assert!(matches!(
        w.svc
            .save_article(other, g.id, a.id, "x", "y", published.version)
            .await,
        Err(GroupsError::NotAllowed)
    ));
    assert!(
        w.svc.article(None, g.id, a.id).await.is_ok(),
        "a public group's article is anyone's"
    );
    let elsewhere = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    assert!(matches!(
        w.svc.article(None, elsewhere.id, a.id).await,
        Err(GroupsError::NotFound)
    ));
    assert!(matches!(
        w.svc
            .create_article(UserId::new_random(), g.id, "t", "b")
            .await,
        Err(GroupsError::NotAllowed)
    ));
}

#[tokio::test]
async fn articles_are_rate_limited_per_person_and_bounded_by_their_size() {
    // Creating and saving each hit their own per-person counter.
    let mut limiter = MockRateLimiter::new();
    limiter
        .expect_hit()
        .withf(|key, _, _| key.starts_with("groups:articles:"))
        .returning(|key, rule, _| {
            let policy = GroupsPolicy::default();
            assert!(
                (key.starts_with("groups:articles:create:") && rule == policy.article_create_rate)
                    || (key.starts_with("groups:articles:save:")
                        && rule == policy.article_save_rate),
                "{key}"
            );
            Ok(RateDecision::Limited {
                retry_after_secs: 30,
            })
        });
    limiter
        .expect_hit()
        .returning(|_, _, _| Ok(RateDecision::Allowed));
    let w = world_with(GroupsPolicy::default(), limiter);
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    assert!(matches!(
        w.svc.create_article(owner, g.id, "t", "b").await,
        Err(GroupsError::RateLimited {
            retry_after_secs: 30
        })
    ));

    let w = world_with(
        GroupsPolicy {
            article_chars_per_user: 10,
            ..GroupsPolicy::default()
        },
        allowing(),
    );
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let author = w.member(owner, &g, MemberRole::Member).await;
    let a = w
        .svc
        .create_article(author, g.id, "标题", "一二三四")
        .await
        .unwrap();
    assert!(matches!(
        w.svc.create_article(author, g.id, "题", "一二三四五").await,
        Err(GroupsError::ArticleQuotaExceeded { max: 10 })
    ));
    assert!(matches!(
        w.svc
            .save_article(author, g.id, a.id, "标题", "一二三四五六七八九", 1)
            .await,
        Err(GroupsError::ArticleQuotaExceeded { max: 10 })
    ));
    // Up to the bound, and shortening, pass; the bound is the author's, whoever edits.
    let saved = w
        .svc
        .save_article(owner, g.id, a.id, "标题", "一二三四五六七八", 1)
        .await
        .unwrap()
        .saved()
        .expect("saved");
    w.svc
        .save_article(author, g.id, a.id, "标题", "一", saved.version)
        .await
        .unwrap()
        .saved()
        .expect("saved");
    w.svc
        .create_article(owner, g.id, "标题", "一二三四五六七八")
        .await
        .unwrap();
}

#[tokio::test]
async fn an_articles_images_go_with_it_and_gallery_deletes_follow_ownership() {
    let w = world();
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let author = w.member(owner, &g, MemberRole::Member).await;
    let other = w.member(owner, &g, MemberRole::Member).await;
    let a = w
        .svc
        .create_article(author, g.id, "图文", "")
        .await
        .unwrap();
    let in_article = w
        .svc
        .upload_image(author, g.id, Some(a.id), PNG.to_vec())
        .await
        .unwrap();
    let loose = w
        .svc
        .upload_image(author, g.id, None, PNG.to_vec())
        .await
        .unwrap();
    // A draft's images are its editors'; another member does not even see it.
    assert!(matches!(
        w.svc
            .upload_image(other, g.id, Some(a.id), PNG.to_vec())
            .await,
        Err(GroupsError::NotFound)
    ));
    assert!(matches!(
        w.svc
            .upload_image(UserId::new_random(), g.id, None, PNG.to_vec())
            .await,
        Err(GroupsError::NotAllowed)
    ));
    assert!(matches!(
        w.svc.delete_image(other, g.id, loose.id).await,
        Err(GroupsError::NotAllowed)
    ));

    w.svc
        .delete_article(author, g.id, a.id, None)
        .await
        .unwrap();
    let left: Vec<MediaId> = w.media_rows.rows.lock().unwrap().keys().copied().collect();
    assert_eq!(left, vec![loose.id]);
    assert!(!left.contains(&in_article.id));
    w.svc.delete_image(owner, g.id, loose.id).await.unwrap();
    assert!(w.media_rows.rows.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_new_cover_replaces_the_old_file_and_deleting_the_group_takes_every_file() {
    let w = world();
    let owner = UserId::new_random();
    let g = w
        .group(owner, Visibility::Private, JoinPolicy::Approval)
        .await;
    let first = w
        .svc
        .set_cover(owner, g.id, PNG.to_vec())
        .await
        .unwrap()
        .cover
        .unwrap();
    let second = w
        .svc
        .set_cover(owner, g.id, PNG.to_vec())
        .await
        .unwrap()
        .cover
        .unwrap();
    assert_ne!(first, second);
    let ids: Vec<MediaId> = w.media_rows.rows.lock().unwrap().keys().copied().collect();
    assert_eq!(ids, vec![second]);
    w.svc
        .upload_image(owner, g.id, None, PNG.to_vec())
        .await
        .unwrap();
    w.svc.delete(owner, g.id).await.unwrap();
    assert!(w.media_rows.rows.lock().unwrap().is_empty());
    assert!(matches!(
        w.svc.get(Some(owner), g.id).await,
        Err(GroupsError::NotFound)
    ));
}

#[tokio::test]
async fn a_profile_shows_only_the_groups_and_articles_the_viewer_may_read() {
    let w = world();
    let owner = UserId::new_random();
    let public = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let private = w
        .group(owner, Visibility::Private, JoinPolicy::Approval)
        .await;
    let insider = w.member(owner, &private, MemberRole::Member).await;
    let stranger = UserId::new_random();
    let mut published = Vec::new();
    for g in [&public, &private] {
        let a = w
            .svc
            .create_article(owner, g.id, "标题", "正文")
            .await
            .unwrap();
        w.svc
            .set_article_status(owner, g.id, a.id, ArticleStatus::Published)
            .await
            .unwrap();
        published.push(a.id);
    }
    // A draft is never listed, not even to its author.
    w.svc
        .create_article(owner, public.id, "草稿", "正文")
        .await
        .unwrap();
    let all = PageRequest::first(50);
    let groups_for = |viewer| {
        let svc = &w.svc;
        async move {
            let page = svc.groups_of_member(viewer, owner, all).await.unwrap();
            let mut ids: Vec<GroupId> = page.items.iter().map(|r| r.group.id).collect();
            ids.sort();
            ids
        }
    };
    let articles_for = |viewer| {
        let svc = &w.svc;
        async move {
            let page = svc.articles_by_author(viewer, owner, all).await.unwrap();
            let mut ids: Vec<ArticleId> = page.items.iter().map(|r| r.item.id).collect();
            ids.sort();
            ids
        }
    };
    let mut both = vec![public.id, private.id];
    both.sort();
    let mut both_articles = published.clone();
    both_articles.sort();
    for viewer in [None, Some(stranger)] {
        assert_eq!(groups_for(viewer).await, vec![public.id]);
        assert_eq!(articles_for(viewer).await, vec![published[0]]);
    }
    for viewer in [Some(insider), Some(owner)] {
        assert_eq!(groups_for(viewer).await, both);
        assert_eq!(articles_for(viewer).await, both_articles);
    }
    // The person's own role comes with each group.
    let page = w.svc.groups_of_member(None, owner, all).await.unwrap();
    assert_eq!(page.items[0].item.role, MemberRole::Owner);
    assert_eq!(page.items[0].viewer, None);
}

/// A published article of `g` by `author`.
async fn published_article(w: &World, author: UserId, g: &Group) -> ArticleId {
    let a = w
        .svc
        .create_article(author, g.id, "标题", "正文")
        .await
        .unwrap();
    w.svc
        .set_article_status(author, g.id, a.id, ArticleStatus::Published)
        .await
        .unwrap();
    a.id
}

#[tokio::test]
async fn members_reply_and_quote_one_level_and_the_count_follows() {
    let w = world();
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let member = w.member(owner, &g, MemberRole::Member).await;
    let a = published_article(&w, owner, &g).await;

    let first = w
        .svc
        .reply(member, g.id, a, "  第一条 ", None)
        .await
        .unwrap();
    assert_eq!((first.body.as_str(), first.author.id), ("第一条", member));
    assert_eq!(first.quote, None);
    let second = w
        .svc
        .reply(owner, g.id, a, "回第一条", Some(first.id))
        .await
        .unwrap();
    assert_eq!(
        second.quote,
        Some(Quote::Shown {
            id: first.id,
            author: person(member),
            excerpt: "第一条".into()
        })
    );
    // Quoting a quote stores the quoted reply's own id: one level.
    let third = w
        .svc
        .reply(member, g.id, a, "再回", Some(second.id))
        .await
        .unwrap();
    assert!(matches!(third.quote, Some(Quote::Shown { id, .. }) if id == second.id));

    let view = w.svc.article(None, g.id, a).await.unwrap();
    assert_eq!(
        view.article.replies,
        ReplyThread {
            count: 3,
            locked: false
        }
    );
    let listed = w
        .svc
        .published_articles(None, g.id, PageRequest::first(5))
        .await
        .unwrap();
    assert_eq!(listed.items[0].replies.count, 3);
    let home = w.svc.home(None, g.id).await.unwrap();
    assert_eq!(home.articles[0].replies.count, 3);
    let page = w
        .svc
        .replies(None, g.id, a, PageRequest::first(2))
        .await
        .unwrap();
    assert_eq!((page.item.items.len(), page.replies.count), (2, 3));
    let rest = w
        .svc
        .replies(None, g.id, a, PageRequest::new(page.item.next, Some(2)))
        .await
        .unwrap();
    assert_eq!(rest.item.items.len(), 1);
    assert_eq!(rest.item.next, None);

    // Bad input and a quote of another article's reply are refused before anything is stored.
    for bad in ["", "   ", &"字".repeat(5001)] {
        assert!(matches!(
            w.svc.reply(member, g.id, a, bad, None).await,
            Err(GroupsError::InvalidReply)
        ));
    }
    let other = published_article(&w, owner, &g).await;
    assert!(matches!(
        w.svc
            .reply(member, g.id, other, "引用", Some(first.id))
            .await,
        Err(GroupsError::ReplyNotFound)
    ));
    // A deleted reply leaves the list and shows as deleted where it is quoted.
    w.svc
        .delete_reply(member, g.id, a, first.id, None)
        .await
        .unwrap();
    let page = w
        .svc
        .replies(None, g.id, a, PageRequest::first(10))
        .await
        .unwrap();
    assert_eq!(page.replies.count, 2);
    assert_eq!(page.item.items.len(), 2);
    let shown = page.item.items.iter().find(|r| r.id == second.id).unwrap();
    assert_eq!(shown.quote, Some(Quote::Deleted { id: first.id }));
    assert!(matches!(
        w.svc.reply(member, g.id, a, "引用", Some(first.id)).await,
        Err(GroupsError::ReplyNotFound)
    ));
}

#[tokio::test]
async fn a_replier_uploads_images_for_a_published_article_while_its_replies_are_open() {
    let w = world();
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let author = w.member(owner, &g, MemberRole::Member).await;
    let replier = w.member(owner, &g, MemberRole::Member).await;
    let banned = w.member(owner, &g, MemberRole::Member).await;
    w.svc.ban(owner, g.id, banned).await.unwrap();
    let a = published_article(&w, author, &g).await;

    let image = w
        .svc
        .upload_image(replier, g.id, Some(a), PNG.to_vec())
        .await
        .unwrap();
    assert_eq!(image.article, Some(a));
    assert!(matches!(
        w.svc
            .upload_image(banned, g.id, Some(a), PNG.to_vec())
            .await,
        Err(GroupsError::NotAllowed)
    ));
    assert!(matches!(
        w.svc
            .upload_image(UserId::new_random(), g.id, Some(a), PNG.to_vec())
            .await,
        Err(GroupsError::NotAllowed)
    ));

    // Closed replies take no images either, but the article's editors still upload.
    w.svc.lock_replies(author, g.id, a, true).await.unwrap();
    assert!(matches!(
        w.svc
            .upload_image(replier, g.id, Some(a), PNG.to_vec())
            .await,
        Err(GroupsError::RepliesLocked)
    ));
    w.svc
        .upload_image(author, g.id, Some(a), PNG.to_vec())
        .await
        .unwrap();

    // They go with the article.
    w.svc.delete_article(author, g.id, a, None).await.unwrap();
    assert!(w.media_rows.rows.lock().unwrap().is_empty());
}

#[tokio::test]
async fn only_members_reply_and_only_to_published_unlocked_articles() {
    let w = world();
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let member = w.member(owner, &g, MemberRole::Member).await;
    let banned = w.member(owner, &g, MemberRole::Member).await;
    w.svc.ban(owner, g.id, banned).await.unwrap();
    let a = published_article(&w, member, &g).await;

    assert!(matches!(
        w.svc
            .reply(UserId::new_random(), g.id, a, "路过", None)
            .await,
        Err(GroupsError::NotAllowed)
    ));
    assert!(matches!(
        w.svc.reply(banned, g.id, a, "我回来了", None).await,
        Err(GroupsError::Banned)
    ));
    let draft = w
        .svc
        .create_article(member, g.id, "草稿", "")
        .await
        .unwrap();
    assert!(matches!(
        w.svc.reply(member, g.id, draft.id, "自己回", None).await,
        Err(GroupsError::ArticleNotPublished)
    ));
    assert!(matches!(
        w.svc.reply(owner, g.id, draft.id, "管理者", None).await,
        Err(GroupsError::ArticleNotPublished)
    ));

    // The author locks; nobody replies until they unlock. Another member may not lock.
    assert!(matches!(
        w.svc.lock_replies(banned, g.id, a, true).await,
        Err(GroupsError::NotAllowed)
    ));
    let other = w.member(owner, &g, MemberRole::Member).await;
    assert!(matches!(
        w.svc.lock_replies(other, g.id, a, true).await,
        Err(GroupsError::NotAllowed)
    ));
    let thread = w.svc.lock_replies(member, g.id, a, true).await.unwrap();
    assert!(thread.locked);
    for who in [member, owner, other] {
        assert!(matches!(
            w.svc.reply(who, g.id, a, "关了吗", None).await,
            Err(GroupsError::RepliesLocked)
        ));
    }
    assert!(
        w.svc
            .article(None, g.id, a)
            .await
            .unwrap()
            .article
            .replies
            .locked
    );
    assert!(
        !w.svc
            .lock_replies(member, g.id, a, false)
            .await
            .unwrap()
            .locked
    );
    w.svc.reply(other, g.id, a, "开了", None).await.unwrap();
}

#[tokio::test]
async fn a_private_groups_replies_are_for_its_active_members_only() {
    let w = world();
    let owner = UserId::new_random();
    let g = w
        .group(owner, Visibility::Private, JoinPolicy::Approval)
        .await;
    let member = w.member(owner, &g, MemberRole::Member).await;
    let former = w.member(owner, &g, MemberRole::Member).await;
    let banned = w.member(owner, &g, MemberRole::Member).await;
    let a = published_article(&w, owner, &g).await;
    let reply = w.svc.reply(former, g.id, a, "我在", None).await.unwrap();
    w.svc.leave(former, g.id).await.unwrap();
    w.svc.ban(owner, g.id, banned).await.unwrap();
    let requester = UserId::new_random();
    w.svc
        .join(
            requester,
            g.id,
            JoinAttempt {
                message: Some("让我进".into()),
                code: None,
            },
        )
        .await
        .unwrap();
    for viewer in [
        None,
        Some(UserId::new_random()),
        Some(requester),
        Some(former),
        Some(banned),
    ] {
        assert!(matches!(
            w.svc.replies(viewer, g.id, a, PageRequest::first(5)).await,
            Err(GroupsError::MembersOnly)
        ));
        assert!(matches!(
            w.svc.article(viewer, g.id, a).await,
            Err(GroupsError::MembersOnly)
        ));
        assert!(matches!(
            w.svc
                .published_articles(viewer, g.id, PageRequest::first(5))
                .await,
            Err(GroupsError::MembersOnly)
        ));
        if let Some(who) = viewer {
            assert!(matches!(
                w.svc.reply(who, g.id, a, "看看", None).await,
                Err(GroupsError::MembersOnly)
            ));
        }
    }
    // The former member cannot delete their reply either: they may not see it any more.
    assert!(matches!(
        w.svc.delete_reply(former, g.id, a, reply.id, None).await,
        Err(GroupsError::MembersOnly)
    ));
    let seen = w
        .svc
        .replies(Some(member), g.id, a, PageRequest::first(5))
        .await
        .unwrap();
    assert_eq!(seen.item.items.len(), 1);
    let profile = w
        .svc
        .articles_by_author(None, owner, PageRequest::first(5))
        .await
        .unwrap();
    assert!(
        profile.items.is_empty(),
        "no count of a private article reaches a stranger"
    );
}

#[tokio::test]
async fn authors_delete_their_own_and_managers_any_which_is_audited() {
    let w = world();
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let admin = w.member(owner, &g, MemberRole::Admin).await;
    let member = w.member(owner, &g, MemberRole::Member).await;
    let other = w.member(owner, &g, MemberRole::Member).await;
    let a = published_article(&w, owner, &g).await;
    let mine = w.svc.reply(member, g.id, a, "我的", None).await.unwrap();
    let theirs = w.svc.reply(other, g.id, a, "别人的", None).await.unwrap();

    assert!(matches!(
        w.svc.delete_reply(member, g.id, a, theirs.id, None).await,
        Err(GroupsError::NotAllowed)
    ));
    let reply_deletions = || -> Vec<AuditEvent> {
        w.audit
            .0
            .lock()
            .unwrap()
            .iter()
            .filter(|e| e.action == AuditAction::GroupReplyDeleted.as_str())
            .cloned()
            .collect()
    };
    w.svc
        .delete_reply(member, g.id, a, mine.id, None)
        .await
        .unwrap();
    assert!(
        reply_deletions().is_empty(),
        "deleting one's own is not moderation"
    );
    assert!(matches!(
        w.svc.delete_reply(member, g.id, a, mine.id, None).await,
        Err(GroupsError::ReplyNotFound)
    ));
    w.svc
        .delete_reply(admin, g.id, a, theirs.id, None)
        .await
        .unwrap();
    let events = reply_deletions();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].action, "group.reply.deleted");
    assert_eq!(events[0].actor, Some(admin));
    assert_eq!(
        events[0].target.as_deref(),
        Some(theirs.id.to_string().as_str())
    );
    let detail = events[0].detail.clone().unwrap();
    assert!(detail.contains(&other.to_string()) && detail.contains(&a.to_string()));
    assert_eq!(
        w.svc
            .article(None, g.id, a)
            .await
            .unwrap()
            .article
            .replies
            .count,
        0
    );
}

#[tokio::test]
async fn replying_is_rate_limited_per_person() {
    let mut limiter = MockRateLimiter::new();
    limiter
        .expect_hit()
        .withf(|key, _, _| key.starts_with("groups:replies:"))
        .returning(|_, rule, _| {
            assert_eq!(rule, GroupsPolicy::default().reply_rate);
            Ok(RateDecision::Limited {
                retry_after_secs: 30,
            })
        });
    limiter
        .expect_hit()
        .returning(|_, _, _| Ok(RateDecision::Allowed));
    let w = world_with(GroupsPolicy::default(), limiter);
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let a = published_article(&w, owner, &g).await;
    assert!(matches!(
        w.svc.reply(owner, g.id, a, "太快了", None).await,
        Err(GroupsError::RateLimited {
            retry_after_secs: 30
        })
    ));
    assert_eq!(
        w.svc
            .article(None, g.id, a)
            .await
            .unwrap()
            .article
            .replies
            .count,
        0
    );
}

#[tokio::test]
async fn readability_for_notices_follows_the_groups_rule_and_the_contents_state() {
    let w = world();
    let owner = UserId::new_random();
    let public = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let private = w
        .group(owner, Visibility::Private, JoinPolicy::Approval)
        .await;
    let member = w.member(owner, &private, MemberRole::Member).await;
    let former = w.member(owner, &private, MemberRole::Member).await;
    let stranger = UserId::new_random();
    let a = published_article(&w, owner, &private).await;
    let reply = w
        .svc
        .reply(former, private.id, a, "我在", None)
        .await
        .unwrap();
    w.svc.leave(former, private.id).await.unwrap();

    assert!(w.svc.group_exists(private.id).await.unwrap());
    assert!(!w.svc.group_exists(GroupId::new_random()).await.unwrap());
    assert!(w.svc.may_read_group(stranger, public.id).await.unwrap());
    assert!(w.svc.may_read_group(member, private.id).await.unwrap());
    for nobody in [stranger, former] {
        assert!(!w.svc.may_read_group(nobody, private.id).await.unwrap());
    }
    assert!(
        !w.svc
            .may_read_group(member, GroupId::new_random())
            .await
            .unwrap()
    );

    assert!(
        w.svc
            .article_readable(Some(member), private.id, a)
            .await
            .unwrap()
    );
    assert!(
        w.svc
            .reply_readable(Some(member), private.id, a, reply.id)
            .await
            .unwrap()
    );
    for nobody in [None, Some(stranger), Some(former)] {
        assert!(!w.svc.article_readable(nobody, private.id, a).await.unwrap());
        assert!(
            !w.svc
                .reply_readable(nobody, private.id, a, reply.id)
                .await
                .unwrap()
        );
    }
    // The wrong group, an unknown reply, a deleted reply, an unpublished article: not readable.
    assert!(
        !w.svc
            .article_readable(Some(member), public.id, a)
            .await
            .unwrap()
    );
    assert!(
        !w.svc
            .reply_readable(Some(member), private.id, a, ReplyId::new_random())
            .await
            .unwrap()
    );
    let other = w
        .svc
        .reply(member, private.id, a, "我也在", None)
        .await
        .unwrap();
    w.svc
        .delete_reply(member, private.id, a, other.id, None)
        .await
        .unwrap();
    assert!(
        !w.svc
            .reply_readable(Some(member), private.id, a, other.id)
            .await
            .unwrap()
    );
    w.svc
        .set_article_status(owner, private.id, a, ArticleStatus::Draft)
        .await
        .unwrap();
    for who in [owner, member] {
        assert!(
            !w.svc
                .article_readable(Some(who), private.id, a)
                .await
                .unwrap()
        );
        assert!(
            !w.svc
                .reply_readable(Some(who), private.id, a, reply.id)
                .await
                .unwrap()
        );
    }
    w.svc
        .delete_article(owner, private.id, a, None)
        .await
        .unwrap();
    assert!(
        !w.svc
            .article_readable(Some(owner), private.id, a)
            .await
            .unwrap()
    );
}

/// The one notice of `kind` told since the last look.
fn one(w: &World, kind: NoticeKind) -> Notice {
    let mut told = w.told.take(kind);
    assert_eq!(told.len(), 1, "{kind:?}: {told:?}");
    told.remove(0)
}

fn people(n: &Notice) -> Vec<UserId> {
    match &n.to {
        Audience::Users(u) => {
            let mut u = u.clone();
            u.sort();
            u
        }
        Audience::MentionedIn(t) => panic!("mentions in {t:?}, not people"),
    }
}

#[tokio::test]
async fn a_reply_tells_the_answered_once_each_and_the_mentioned() {
    let w = world();
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let member = w.member(owner, &g, MemberRole::Member).await;
    let a = published_article(&w, owner, &g).await;
    w.told.clear();

    let long = format!("@Alice 说得对 {}", "回".repeat(300));
    let first = w.svc.reply(member, g.id, a, &long, None).await.unwrap();
    let replied = w.told.0.lock().unwrap().clone();
    assert_eq!(replied.len(), 2, "{replied:?}");
    let n = &replied[0];
    assert_eq!(n.kind, NoticeKind::Replied);
    assert_eq!(n.to, Audience::Users(vec![owner]));
    assert_eq!(n.actor, Some(member));
    assert_eq!(
        n.subject,
        Subject::Reply {
            group: g.id,
            article: a,
            reply: first.id.0
        }
    );
    assert_eq!(n.at, t0());
    let detail = n.detail.clone().unwrap();
    assert!(detail.starts_with("@Alice 说得对"));
    assert_eq!(detail.chars().count(), crate::model::NOTICE_EXCERPT_CHARS);
    assert_eq!(replied[1].kind, NoticeKind::Mentioned);
    assert_eq!(replied[1].to, Audience::MentionedIn(first.body.clone()));
    assert_eq!(replied[1].subject, n.subject);
    assert_eq!(
        replied[1].detail, n.detail,
        "the mention shows the same excerpt"
    );
    w.told.clear();

    // A quote tells the quoted reply's author too, in the same notice.
    let second = w
        .svc
        .reply(owner, g.id, a, "同意", Some(first.id))
        .await
        .unwrap();
    let n = one(&w, NoticeKind::Replied);
    assert_eq!(n.to, Audience::Users(vec![owner, member]));
    assert_eq!(n.detail.as_deref(), Some("同意"));
    // The article's author quoted: told once.
    w.svc
        .reply(member, g.id, a, "好", Some(second.id))
        .await
        .unwrap();
    assert_eq!(people(&one(&w, NoticeKind::Replied)), vec![owner]);

    // A refused reply tells nobody.
    w.svc.lock_replies(owner, g.id, a, true).await.unwrap();
    w.told.clear();
    assert!(w.svc.reply(member, g.id, a, "@bob", None).await.is_err());
    assert!(w.told.0.lock().unwrap().is_empty());
}

#[tokio::test]
async fn publishing_tells_the_mentioned_and_later_saves_only_the_newly_named() {
    let w = world();
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let author = w.member(owner, &g, MemberRole::Member).await;
    let draft = w
        .svc
        .create_article(author, g.id, "致 @carol", "你好 @alice")
        .await
        .unwrap();
    w.svc
        .save_article(author, g.id, draft.id, "致 @carol", "你好 @alice @bob", 1)
        .await
        .unwrap();
    assert!(
        w.told.take(NoticeKind::Mentioned).is_empty(),
        "a draft tells nobody"
    );

    w.svc
        .set_article_status(author, g.id, draft.id, ArticleStatus::Published)
        .await
        .unwrap();
    let n = one(&w, NoticeKind::Mentioned);
    assert_eq!(
        n.to,
        Audience::MentionedIn("致 @carol\n你好 @alice @bob".into())
    );
    assert_eq!(
        n.subject,
        Subject::Article {
            group: g.id,
            article: draft.id
        }
    );
    assert_eq!(
        (n.actor, n.detail.clone()),
        (Some(author), Some("你好 @alice @bob".into()))
    );

    let version = w
        .svc
        .article(None, g.id, draft.id)
        .await
        .unwrap()
        .article
        .version;
    w.svc
        .save_article(
            author,
            g.id,
            draft.id,
            "致 @carol",
            "@dave 你好 @alice",
            version,
        )
        .await
        .unwrap();
    assert_eq!(
        one(&w, NoticeKind::Mentioned).to,
        Audience::MentionedIn("@dave".into())
    );
    // No new name, or a stale save: nobody.
    w.svc
        .save_article(owner, g.id, draft.id, "致 @Carol", "@dave", version + 1)
        .await
        .unwrap();
    w.svc
        .save_article(author, g.id, draft.id, "@erin", "", version)
        .await
        .unwrap();
    assert!(w.told.take(NoticeKind::Mentioned).is_empty());
}

#[tokio::test]
async fn requests_decisions_roles_removals_bans_and_offers_tell_the_person() {
    let w = world();
    let owner = UserId::new_random();
    let g = w
        .group(owner, Visibility::Private, JoinPolicy::Approval)
        .await;
    let admin = w.member(owner, &g, MemberRole::Admin).await;
    let member = w.member(owner, &g, MemberRole::Member).await;
    w.told.clear();
    let group = Subject::Group { group: g.id };

    let asker = UserId::new_random();
    let JoinOutcome::Requested(request) = w
        .svc
        .join(
            asker,
            g.id,
            JoinAttempt {
                message: Some(format!("让我进 {}", "请".repeat(200))),
                code: None,
            },
        )
        .await
        .unwrap()
    else {
        panic!("a request")
    };
    let n = one(&w, NoticeKind::JoinRequested);
    let mut managers = vec![owner, admin];
    managers.sort();
    assert_eq!(
        people(&n),
        managers,
        "the owner and the admins, not members"
    );
    assert_eq!((n.actor, n.subject), (Some(asker), group));
    assert!(n.detail.unwrap().starts_with("让我进"));

    w.svc
        .decide(
            admin,
            g.id,
            request.id,
            Decision::Approve(MemberRole::Member),
        )
        .await
        .unwrap();
    let n = one(&w, NoticeKind::JoinDecided);
    assert_eq!(
        (people(&n), n.detail),
        (vec![asker], Some("approved".into()))
    );
    let rejected = UserId::new_random();
    let JoinOutcome::Requested(r) = w
        .svc
        .join(rejected, g.id, JoinAttempt::default())
        .await
        .unwrap()
    else {
        panic!("a request")
    };
    assert_eq!(one(&w, NoticeKind::JoinRequested).detail, None);
    w.svc
        .decide(owner, g.id, r.id, Decision::Reject(Some("满了".into())))
        .await
        .unwrap();
    let n = one(&w, NoticeKind::JoinDecided);
    assert_eq!(
        (people(&n), n.detail),
        (vec![rejected], Some("rejected".into()))
    );

    w.svc
        .set_role(owner, g.id, member, MemberRole::Admin)
        .await
        .unwrap();
    let n = one(&w, NoticeKind::RoleChanged);
    assert_eq!((people(&n), n.detail), (vec![member], Some("admin".into())));
    w.svc.remove_member(owner, g.id, asker).await.unwrap();
    let n = one(&w, NoticeKind::Removed);
    assert_eq!(
        (people(&n), n.actor, n.subject),
        (vec![asker], Some(owner), group)
    );
    let troll = w.member(owner, &g, MemberRole::Member).await;
    w.told.clear();
    w.svc.ban(admin, g.id, troll).await.unwrap();
    assert_eq!(people(&one(&w, NoticeKind::Banned)), vec![troll]);
    w.svc.offer_transfer(owner, g.id, member).await.unwrap();
    let n = one(&w, NoticeKind::TransferOffered);
    assert_eq!((people(&n), n.subject), (vec![member], group));
    // Refusals tell nobody.
    assert!(w.svc.ban(member, g.id, owner).await.is_err());
    assert!(w.told.0.lock().unwrap().is_empty());
}

#[tokio::test]
async fn managers_removing_anothers_content_tell_its_author_with_the_reason() {
    let w = world();
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let admin = w.member(owner, &g, MemberRole::Admin).await;
    let member = w.member(owner, &g, MemberRole::Member).await;
    let a = published_article(&w, member, &g).await;
    let mine = w.svc.reply(member, g.id, a, "我的", None).await.unwrap();
    let theirs = w.svc.reply(member, g.id, a, "再一条", None).await.unwrap();
    w.told.clear();

    w.svc
        .delete_reply(member, g.id, a, mine.id, Some("不要了"))
        .await
        .unwrap();
    assert!(
        w.told.take(NoticeKind::ContentRemoved).is_empty(),
        "one's own"
    );
    assert!(matches!(
        w.svc
            .delete_reply(admin, g.id, a, theirs.id, Some(&"长".repeat(501)))
            .await,
        Err(GroupsError::InvalidMessage)
    ));
    w.svc
        .delete_reply(admin, g.id, a, theirs.id, Some(" 广告 "))
        .await
        .unwrap();
    let n = one(&w, NoticeKind::ContentRemoved);
    assert_eq!(people(&n), vec![member]);
    assert_eq!(
        n.subject,
        Subject::Reply {
            group: g.id,
            article: a,
            reply: theirs.id.0
        }
    );
    assert_eq!((n.actor, n.detail), (Some(admin), Some("广告".into())));

    // A manager hiding (unpublishing) another's article, with a reason, then deleting it.
    assert!(matches!(
        w.svc
            .unpublish_article(admin, g.id, a, Some(&"长".repeat(501)))
            .await,
        Err(GroupsError::InvalidMessage)
    ));
    w.svc
        .unpublish_article(admin, g.id, a, Some(" 离题 "))
        .await
        .unwrap();
    let n = one(&w, NoticeKind::ContentRemoved);
    assert_eq!((people(&n), n.detail), (vec![member], Some("离题".into())));
    assert_eq!(
        n.subject,
        Subject::Article {
            group: g.id,
            article: a
        }
    );
    w.svc
        .delete_article(owner, g.id, a, Some(""))
        .await
        .unwrap();
    let n = one(&w, NoticeKind::ContentRemoved);
    assert_eq!(
        (people(&n), n.actor, n.detail),
        (vec![member], Some(owner), None)
    );
    // The author's own unpublishing and deleting tell nobody.
    let own = published_article(&w, member, &g).await;
    w.told.clear();
    w.svc
        .set_article_status(member, g.id, own, ArticleStatus::Draft)
        .await
        .unwrap();
    w.svc
        .delete_article(member, g.id, own, Some("x"))
        .await
        .unwrap();
    assert!(w.told.take(NoticeKind::ContentRemoved).is_empty());
}

#[tokio::test]
async fn authors_edit_their_replies_from_the_version_they_loaded_and_earlier_ones_stay() {
    let w = world();
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let admin = w.member(owner, &g, MemberRole::Admin).await;
    let member = w.member(owner, &g, MemberRole::Member).await;
    let other = w.member(owner, &g, MemberRole::Member).await;
    let a = published_article(&w, owner, &g).await;
    let reply = w
        .svc
        .reply(member, g.id, a, "初稿 @alice", None)
        .await
        .unwrap();
    assert_eq!((reply.version, reply.edited_at), (1, None));
    w.told.clear();

    let ReplyEdit::Saved(edited) = w
        .svc
        .edit_reply(member, g.id, a, reply.id, " 改过 @alice @bob ", 1)
        .await
        .unwrap()
    else {
        panic!("saved")
    };
    assert_eq!(edited.body, "改过 @alice @bob");
    assert_eq!((edited.version, edited.edited_at), (2, Some(t0())));
    let n = one(&w, NoticeKind::Mentioned);
    assert_eq!(
        n.to,
        Audience::MentionedIn("@bob".into()),
        "only the new name"
    );
    assert_eq!(n.detail.as_deref(), Some("改过 @alice @bob"));
    assert!(w.told.take(NoticeKind::Replied).is_empty());

    // A stale edit writes nothing and answers the reply as it is.
    let stale = w
        .svc
        .edit_reply(member, g.id, a, reply.id, "旧的", 1)
        .await
        .unwrap();
    assert_eq!(stale, ReplyEdit::Conflict(edited.clone()));
    w.svc
        .edit_reply(member, g.id, a, reply.id, "第三版", 2)
        .await
        .unwrap();
    let listed = w
        .svc
        .replies(None, g.id, a, PageRequest::first(5))
        .await
        .unwrap();
    assert_eq!(listed.item.items[0].body, "第三版");
    assert_eq!(listed.item.items[0].version, 3);

    // The author and the managers see the earlier versions, newest first; others do not.
    for who in [member, admin, owner] {
        let history = w.svc.reply_versions(who, g.id, a, reply.id).await.unwrap();
        assert_eq!(history.reply.version, 3);
        let versions: Vec<(i64, &str)> = history
            .versions
            .iter()
            .map(|v| (v.version, v.body.as_str()))
            .collect();
        assert_eq!(versions, vec![(2, "改过 @alice @bob"), (1, "初稿 @alice")]);
        assert_eq!(history.versions[1].written_at, reply.created_at);
    }
    assert!(matches!(
        w.svc.reply_versions(other, g.id, a, reply.id).await,
        Err(GroupsError::NotAllowed)
    ));

    // Only the author, and only while they may reply there.
    for who in [other, admin] {
        assert!(matches!(
            w.svc.edit_reply(who, g.id, a, reply.id, "我改", 3).await,
            Err(GroupsError::NotAllowed)
        ));
    }
    assert!(matches!(
        w.svc.edit_reply(member, g.id, a, reply.id, "  ", 3).await,
        Err(GroupsError::InvalidReply)
    ));
    w.svc.lock_replies(owner, g.id, a, true).await.unwrap();
    assert!(matches!(
        w.svc.edit_reply(member, g.id, a, reply.id, "锁了", 3).await,
        Err(GroupsError::RepliesLocked)
    ));
    w.svc.lock_replies(owner, g.id, a, false).await.unwrap();
    let theirs = w.svc.reply(other, g.id, a, "别人的", None).await.unwrap();
    w.svc.ban(owner, g.id, other).await.unwrap();
    assert!(matches!(
        w.svc
            .edit_reply(other, g.id, a, theirs.id, "被封了", 1)
            .await,
        Err(GroupsError::Banned)
    ));

    // A deleted reply has no versions any more and takes no edit.
    w.svc
        .delete_reply(member, g.id, a, reply.id, None)
        .await
        .unwrap();
    assert!(matches!(
        w.svc.edit_reply(member, g.id, a, reply.id, "复活", 3).await,
        Err(GroupsError::ReplyNotFound)
    ));
    assert!(matches!(
        w.svc.reply_versions(member, g.id, a, reply.id).await,
        Err(GroupsError::ReplyNotFound)
    ));
}

#[tokio::test]
async fn in_a_private_group_only_its_members_see_a_replys_versions() {
    let w = world();
    let owner = UserId::new_random();
    let g = w
        .group(owner, Visibility::Private, JoinPolicy::Approval)
        .await;
    let member = w.member(owner, &g, MemberRole::Member).await;
    let a = published_article(&w, owner, &g).await;
    let reply = w.svc.reply(member, g.id, a, "一", None).await.unwrap();
    w.svc
        .edit_reply(member, g.id, a, reply.id, "二", 1)
        .await
        .unwrap();
    assert!(matches!(
        w.svc
            .reply_versions(UserId::new_random(), g.id, a, reply.id)
            .await,
        Err(GroupsError::MembersOnly)
    ));
    w.svc.leave(member, g.id).await.unwrap();
    assert!(matches!(
        w.svc.reply_versions(member, g.id, a, reply.id).await,
        Err(GroupsError::MembersOnly)
    ));
    assert!(matches!(
        w.svc.edit_reply(member, g.id, a, reply.id, "三", 2).await,
        Err(GroupsError::MembersOnly)
    ));
    assert_eq!(
        w.svc
            .reply_versions(owner, g.id, a, reply.id)
            .await
            .unwrap()
            .versions
            .len(),
        1
    );
}

#[tokio::test]
async fn editing_replies_is_rate_limited_per_person() {
    let mut limiter = MockRateLimiter::new();
    limiter
        .expect_hit()
        .withf(|key, _, _| key.starts_with("groups:replies:edit:"))
        .returning(|_, rule, _| {
            assert_eq!(rule, GroupsPolicy::default().reply_edit_rate);
            Ok(RateDecision::Limited {
                retry_after_secs: 12,
            })
        });
    limiter
        .expect_hit()
        .returning(|_, _, _| Ok(RateDecision::Allowed));
    let w = world_with(GroupsPolicy::default(), limiter);
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let a = published_article(&w, owner, &g).await;
    let reply = w.svc.reply(owner, g.id, a, "原文", None).await.unwrap();
    assert!(matches!(
        w.svc.edit_reply(owner, g.id, a, reply.id, "改", 1).await,
        Err(GroupsError::RateLimited {
            retry_after_secs: 12
        })
    ));
    let now = w
        .svc
        .replies(None, g.id, a, PageRequest::first(1))
        .await
        .unwrap();
    assert_eq!(now.item.items[0].body, "原文");
}

/// The word refused in these tests (`kernel::ListedWords` in [`world_with`]).
fn refused_field<T: std::fmt::Debug>(r: Result<T, GroupsError>) -> &'static str {
    match r {
        Err(GroupsError::WordsRefused { field, found }) => {
            assert_eq!(found, vec!["禁词".to_owned()]);
            field
        }
        other => panic!("not refused for a word: {other:?}"),
    }
}

#[tokio::test]
async fn a_listed_word_refuses_names_published_text_and_replies_but_not_a_draft() {
    let w = world();
    let owner = UserId::new_random();
    let named = GroupSettings::new(
        GroupName::parse("禁词会").unwrap(),
        GroupDescription::parse("").unwrap(),
        Visibility::Public,
        JoinPolicy::Open,
    )
    .unwrap();
    assert_eq!(
        refused_field(w.svc.create(owner, named.clone()).await),
        "name"
    );
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let described = GroupSettings::new(
        GroupName::parse(&g.name).unwrap(),
        GroupDescription::parse("聊聊禁词").unwrap(),
        Visibility::Public,
        JoinPolicy::Open,
    )
    .unwrap();
    assert_eq!(
        refused_field(w.svc.update_settings(owner, g.id, described).await),
        "description"
    );

    // A draft is its author's own: saved as written; publishing it is refused.
    let draft = w
        .svc
        .create_article(owner, g.id, "标题", "草稿里的禁词")
        .await
        .unwrap();
    let saved = w
        .svc
        .save_article(
            owner,
            g.id,
            draft.id,
            "禁词标题",
            "草稿里的禁词",
            draft.version,
        )
        .await
        .unwrap();
    assert!(matches!(saved, SaveOutcome::Saved(_)));
    assert_eq!(
        refused_field(
            w.svc
                .set_article_status(owner, g.id, draft.id, ArticleStatus::Published)
                .await
        ),
        "title"
    );
    // A published article's save is asked.
    let a = published_article(&w, owner, &g).await;
    assert_eq!(
        refused_field(w.svc.save_article(owner, g.id, a, "标题", "禁词", 2).await),
        "body"
    );
    assert_eq!(
        refused_field(w.svc.reply(owner, g.id, a, "回一句禁词", None).await),
        "body"
    );
    let reply = w.svc.reply(owner, g.id, a, "好的", None).await.unwrap();
    assert_eq!(
        refused_field(
            w.svc
                .edit_reply(owner, g.id, a, reply.id, "改成禁词", reply.version)
                .await
        ),
        "body"
    );
}

#[tokio::test]
async fn a_block_either_way_refuses_replies_quotes_and_mentions_and_tells_nobody() {
    let w = world();
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let blocker = w.member(owner, &g, MemberRole::Member).await;
    let blocked = w.member(owner, &g, MemberRole::Member).await;
    let theirs = published_article(&w, blocker, &g).await;
    let owners = published_article(&w, owner, &g).await;
    let quoted = w
        .svc
        .reply(blocker, g.id, owners, "一条回应", None)
        .await
        .unwrap();
    w.blocks.block(blocker, blocked);
    w.told.clear();
    let name = |u: UserId| person(u).username;
    fn refused<T: std::fmt::Debug>(r: Result<T, GroupsError>) {
        assert!(matches!(r, Err(GroupsError::Blocked)), "{r:?}");
    }
    // The blocked one may not reply to the blocker's article, quote the blocker's reply or
    // mention the blocker, and the blocker none of that to the blocked one either.
    refused(w.svc.reply(blocked, g.id, theirs, "你好", None).await);
    refused(
        w.svc
            .reply(blocked, g.id, owners, "引用", Some(quoted.id))
            .await,
    );
    let mention = format!("你好 @{}", name(blocker));
    refused(w.svc.reply(blocked, g.id, owners, &mention, None).await);
    let back = format!("@{}", name(blocked));
    refused(w.svc.reply(blocker, g.id, owners, &back, None).await);
    // Nor publish an article that names the other, nor add the name to a published one.
    let draft = w
        .svc
        .create_article(blocked, g.id, "标题", &mention)
        .await
        .unwrap();
    refused(
        w.svc
            .set_article_status(blocked, g.id, draft.id, ArticleStatus::Published)
            .await,
    );
    let mine = published_article(&w, blocked, &g).await;
    w.told.clear();
    let article = w.svc.article(None, g.id, mine).await.unwrap().article;
    refused(
        w.svc
            .save_article(blocked, g.id, mine, "标题", &mention, article.version)
            .await,
    );
    assert!(
        w.told.0.lock().unwrap().is_empty(),
        "nobody is told of a refused write"
    );
    let thread = w
        .svc
        .article(None, g.id, theirs)
        .await
        .unwrap()
        .article
        .replies;
    assert_eq!(thread.count, 0);
    // Others, and the two of them elsewhere, write as before.
    w.svc
        .reply(blocked, g.id, owners, "只是回应", None)
        .await
        .unwrap();
    w.svc.reply(owner, g.id, theirs, &back, None).await.unwrap();
}

#[tokio::test]
async fn a_held_word_keeps_an_article_and_a_reply_for_their_author_and_tells_nobody() {
    let w = world();
    let owner = UserId::new_random();
    let g = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let bob = w.member(owner, &g, MemberRole::Member).await;
    // Publishing a draft that holds a held word holds the article.
    let draft = w
        .svc
        .create_article(owner, g.id, "标题", "审词 @bob")
        .await
        .unwrap();
    w.told.clear();
    let held = w
        .svc
        .set_article_status(owner, g.id, draft.id, ArticleStatus::Published)
        .await
        .unwrap();
    assert_eq!(held.withheld, Some(kernel::Withheld::Held));
    assert!(w.told.take(NoticeKind::Mentioned).is_empty());
    assert!(w.svc.article(Some(owner), g.id, draft.id).await.is_ok());
    for viewer in [Some(bob), None] {
        assert!(matches!(
            w.svc.article(viewer, g.id, draft.id).await,
            Err(GroupsError::NotFound)
        ));
    }
    // A reply with a held word: its author's alone, nobody told, nobody may quote it.
    let a = published_article(&w, owner, &g).await;
    w.told.clear();
    let reply = w.svc.reply(bob, g.id, a, "审词在此", None).await.unwrap();
    assert_eq!(reply.withheld, Some(kernel::Withheld::Held));
    assert!(w.told.take(NoticeKind::Replied).is_empty());
    assert!(matches!(
        w.svc.reply(owner, g.id, a, "quoting", Some(reply.id)).await,
        Err(GroupsError::ReplyNotFound)
    ));
    // An edit of a shown reply that brings a held word in holds it.
    let shown = w.svc.reply(bob, g.id, a, "fine", None).await.unwrap();
    assert_eq!(shown.withheld, None);
    let edited = w
        .svc
        .edit_reply(bob, g.id, a, shown.id, "审词 now", shown.version)
        .await
        .unwrap();
    assert!(matches!(edited, ReplyEdit::Saved(r) if r.withheld == Some(kernel::Withheld::Held)));
}

#[tokio::test]
async fn a_site_administrator_deletes_and_bans_in_a_group_but_never_the_owner() {
    let w = world();
    let owner = UserId::new_random();
    let g = w
        .group(owner, Visibility::Private, JoinPolicy::Approval)
        .await;
    let a = published_article(&w, owner, &g).await;
    let admin = UserId::new_random();
    // Not a member: a manager's use case refuses them, the site's does not.
    assert!(w.svc.delete_article(admin, g.id, a, None).await.is_err());
    assert!(matches!(
        w.svc
            .act_as_site_admin(admin, g.id, SiteAct::Ban(owner), None)
            .await,
        Err(GroupsError::OwnerUntouchable)
    ));
    w.told.clear();
    w.svc
        .act_as_site_admin(admin, g.id, SiteAct::DeleteArticle(a), Some("广告"))
        .await
        .unwrap();
    assert!(matches!(
        w.svc.article(Some(owner), g.id, a).await,
        Err(GroupsError::NotFound)
    ));
    let told = w.told.take(NoticeKind::ContentRemoved);
    assert_eq!(told.len(), 1);
    assert_eq!(told[0].detail.as_deref(), Some("广告"));
    assert!(matches!(
        w.svc
            .act_as_site_admin(admin, g.id, SiteAct::DeleteArticle(a), None)
            .await,
        Err(GroupsError::NotFound)
    ));
}

/// The batched read answers what the single reads answer, each subject asked alone, for every
/// viewer: a private group's article for its members only, a draft for who may edit it, a held
/// article for its author, a reply only under its published article and while not deleted, an
/// article named under the wrong group or unknown for nobody, a group's card for anyone.
#[tokio::test]
async fn readable_among_answers_as_the_single_reads_do() {
    let w = world();
    let owner = UserId::new_random();
    let public = w.group(owner, Visibility::Public, JoinPolicy::Open).await;
    let private = w
        .group(owner, Visibility::Private, JoinPolicy::Approval)
        .await;
    let member = w.member(owner, &private, MemberRole::Member).await;
    let writer = w.member(owner, &public, MemberRole::Member).await;
    let stranger = UserId::new_random();
    let secret = published_article(&w, owner, &private).await;
    let open = published_article(&w, owner, &public).await;
    let draft = w
        .svc
        .create_article(writer, public.id, "草稿", "正文")
        .await
        .unwrap()
        .id;
    let held = w
        .svc
        .create_article(writer, public.id, "标题", "审词")
        .await
        .unwrap()
        .id;
    w.svc
        .set_article_status(writer, public.id, held, ArticleStatus::Published)
        .await
        .unwrap();
    let shown = w
        .svc
        .reply(member, private.id, secret, "好", None)
        .await
        .unwrap();
    let gone = w
        .svc
        .reply(writer, public.id, open, "删", None)
        .await
        .unwrap();
    w.svc
        .delete_reply(writer, public.id, open, gone.id, None)
        .await
        .unwrap();
    let kept = w
        .svc
        .reply(writer, public.id, open, "留", None)
        .await
        .unwrap();
    let groups = [public.id, private.id, GroupId::new_random()];
    let articles = [
        (private.id, secret),
        (public.id, open),
        (public.id, draft),
        (public.id, held),
        (public.id, secret),
        (public.id, ArticleId::new_random()),
    ];
    let replies = [
        (private.id, secret, shown.id),
        (public.id, open, gone.id),
        (public.id, open, kept.id),
        (public.id, open, shown.id),
        (public.id, draft, ReplyId::new_random()),
    ];
    for viewer in [
        None,
        Some(owner),
        Some(member),
        Some(writer),
        Some(stranger),
    ] {
        let found = w
            .svc
            .readable_among(viewer, &groups, &articles, &replies)
            .await
            .unwrap();
        for g in groups {
            assert_eq!(
                found.groups.get(&g),
                w.svc.get(viewer, g).await.ok().as_ref(),
                "{viewer:?} {g:?}"
            );
        }
        for (g, a) in articles {
            assert_eq!(
                found.articles.get(&(g, a)),
                w.svc.article(viewer, g, a).await.ok().as_ref(),
                "{viewer:?} {a:?}"
            );
        }
        for (g, a, r) in replies {
            assert_eq!(
                found.replies.contains(&(g, a, r)),
                w.svc.reply_readable(viewer, g, a, r).await.unwrap(),
                "{viewer:?} {r:?}"
            );
        }
        let members = viewer == Some(owner) || viewer == Some(member);
        assert_eq!(found.articles.contains_key(&(private.id, secret)), members);
        assert_eq!(
            found.articles.contains_key(&(public.id, draft)),
            viewer == Some(owner) || viewer == Some(writer)
        );
        assert_eq!(
            found.articles.contains_key(&(public.id, held)),
            viewer == Some(writer)
        );
        assert!(!found.articles.contains_key(&(public.id, secret)));
        // A reply's article comes with it (its title names the reply).
        assert_eq!(
            found.articles.contains_key(&(private.id, secret)),
            found.replies.contains(&(private.id, secret, shown.id))
        );
        assert!(found.replies.contains(&(public.id, open, kept.id)));
        assert!(!found.replies.contains(&(public.id, open, gone.id)));
        assert_eq!(found.groups.len(), 2);
    }
}
