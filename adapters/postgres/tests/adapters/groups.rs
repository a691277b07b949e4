//! The group and article repositories' contracts, on SQLite and PostgreSQL.

use crate::support::{TestDb, at, person};
use chrono::{DateTime, Utc};
use groups::GroupsError;
use groups::model::{
    Article, ArticleStatus, ArticleSummary, Decision, Group, GroupListing, JoinPolicy, JoinRequest,
    JoinRequestId, Member, MemberRole, MemberState, Membership, Person, RequestStatus, Visibility,
};
use groups::ports::{ArticleRepository, GroupRepository, SaveOutcome, SeenBy};
use kernel::{ArticleId, GroupId, MediaId, Page, PageRequest};

fn group(owner: &Person, name: &str, visibility: Visibility, created: DateTime<Utc>) -> Group {
    Group {
        id: GroupId::new_random(),
        name: name.to_owned(),
        description: "一个小组 · a group".to_owned(),
        cover: None,
        visibility,
        join_policy: match visibility {
            Visibility::Public => JoinPolicy::Open,
            Visibility::Private => JoinPolicy::Approval,
        },
        invite_code: "ABCD2345".to_owned(),
        owner: owner.id,
        member_count: 1,
        created_at: created,
        updated_at: created,
    }
}

pub(crate) async fn created(
    t: &TestDb,
    owner: &Person,
    name: &str,
    visibility: Visibility,
    at: DateTime<Utc>,
) -> Group {
    let g = group(owner, name, visibility, at);
    t.db.groups().create(&g).await.unwrap();
    g
}

fn active(group: &Group, who: &Person, since: DateTime<Utc>) -> Membership {
    Membership {
        group: group.id,
        user: who.id,
        role: MemberRole::Member,
        state: MemberState::Active,
        since,
    }
}

fn request(group: &Group, who: &Person, created: DateTime<Utc>) -> JoinRequest {
    JoinRequest {
        id: JoinRequestId::new_random(),
        group: group.id,
        person: who.clone(),
        message: "请让我加入 please".to_owned(),
        status: RequestStatus::Pending,
        created_at: created,
        decided_by: None,
        decided_at: None,
        reason: None,
        granted_role: None,
    }
}

async fn membership(t: &TestDb, group: &Group, who: &Person) -> Option<Membership> {
    t.db.groups()
        .find(group.id, Some(who.id))
        .await
        .unwrap()
        .unwrap()
        .1
}

async fn member_count(t: &TestDb, group: &Group) -> u32 {
    t.db.groups()
        .find(group.id, None)
        .await
        .unwrap()
        .unwrap()
        .0
        .member_count
}

fn names(page: &Page<GroupListing>) -> Vec<&str> {
    page.items.iter().map(|l| l.group.name.as_str()).collect()
}

async fn discover(t: &TestDb, query: Option<&str>, viewer: Option<&Person>) -> Vec<String> {
    let page =
        t.db.groups()
            .discover(
                query.map(str::to_owned),
                viewer.map(|v| v.id),
                PageRequest::first(50),
            )
            .await
            .unwrap();
    names(&page).into_iter().map(str::to_owned).collect()
}

#[tokio::test]
async fn a_group_is_created_with_its_owner_and_found_with_the_viewers_membership() {
    for t in TestDb::all().await {
        let repo = t.db.groups();
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let g = created(&t, &alice, "读书会 Readers", Visibility::Private, at(0)).await;

        let (found, none) = repo.find(g.id, None).await.unwrap().unwrap();
        assert_eq!(found, g, "on {}", t.url);
        assert_eq!(found.member_count, 1);
        assert_eq!(none, None);
        assert_eq!(
            repo.find(g.id, Some(alice.id)).await.unwrap().unwrap().1,
            Some(Membership {
                group: g.id,
                user: alice.id,
                role: MemberRole::Owner,
                state: MemberState::Active,
                since: at(0),
            })
        );
        assert_eq!(
            repo.find(g.id, Some(bob.id)).await.unwrap().unwrap().1,
            None
        );
        assert_eq!(
            repo.find(GroupId::new_random(), Some(alice.id))
                .await
                .unwrap(),
            None
        );
        assert_eq!(repo.count_owned(alice.id).await.unwrap(), 1);
        assert_eq!(repo.count_owned(bob.id).await.unwrap(), 0);

        let mut changed = g.clone();
        changed.name = "Book Club".into();
        changed.description = String::new();
        changed.visibility = Visibility::Public;
        changed.join_policy = JoinPolicy::InviteCode;
        changed.invite_code = "ZZZZ9999".into();
        changed.cover = Some(MediaId::new_random());
        changed.updated_at = at(5);
        assert!(repo.update(&changed).await.unwrap());
        assert_eq!(repo.find(g.id, None).await.unwrap().unwrap().0, changed);
        assert_eq!(discover(&t, Some("book"), None).await, vec!["Book Club"]);
        let mut gone = changed.clone();
        gone.id = GroupId::new_random();
        assert!(!repo.update(&gone).await.unwrap());
    }
}

#[tokio::test]
async fn discover_lists_public_groups_and_the_viewers_private_ones_with_their_membership() {
    for t in TestDb::all().await {
        let repo = t.db.groups();
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let carol = person(&t, "carol").await;
        let public = created(&t, &alice, "Public", Visibility::Public, at(0)).await;
        let alices = created(&t, &alice, "Alice private", Visibility::Private, at(1)).await;
        let bobs = created(&t, &bob, "Bob private", Visibility::Private, at(2)).await;
        // Pending and banned are no way into a private group's listing.
        repo.request(&request(&bobs, &alice, at(3))).await.unwrap();
        repo.ban(bobs.id, carol.id, at(3)).await.unwrap();
        repo.join(&active(&public, &bob, at(4))).await.unwrap();

        assert_eq!(
            discover(&t, None, None).await,
            vec!["Public"],
            "on {}",
            t.url
        );
        assert_eq!(
            discover(&t, None, Some(&alice)).await,
            vec!["Alice private", "Public"]
        );
        assert_eq!(
            discover(&t, None, Some(&bob)).await,
            vec!["Bob private", "Public"]
        );
        assert_eq!(discover(&t, None, Some(&carol)).await, vec!["Public"]);

        let page = repo
            .discover(None, Some(bob.id), PageRequest::first(10))
            .await
            .unwrap();
        let memberships: Vec<_> = page
            .items
            .iter()
            .map(|l| l.membership.as_ref().map(|m| (m.role, m.state)))
            .collect();
        assert_eq!(
            memberships,
            vec![
                Some((MemberRole::Owner, MemberState::Active)),
                Some((MemberRole::Member, MemberState::Active)),
            ]
        );
        let anonymous = repo
            .discover(None, None, PageRequest::first(10))
            .await
            .unwrap();
        assert_eq!(anonymous.items[0].membership, None);
        assert_eq!(
            anonymous.items[0].group,
            Group {
                member_count: 2,
                ..public
            }
        );
        let _ = alices;
    }
}

#[tokio::test]
async fn discover_searches_names_case_insensitively_with_wildcards_taken_literally() {
    for t in TestDb::all().await {
        let alice = person(&t, "alice").await;
        for (i, name) in [
            "读书会",
            "周末读书",
            "Rust Readers",
            "rust 爱好者",
            "100% Pure",
            "100 Pure",
            "snake_case fans",
            "snakeXcase fans",
            r"back\slash",
            "ÉCOLE Élan",
        ]
        .into_iter()
        .enumerate()
        {
            created(&t, &alice, name, Visibility::Public, at(i as i64)).await;
        }
        let search = |q: &'static str| {
            let t = &t;
            async move { discover(t, Some(q), None).await }
        };
        assert_eq!(
            search("读书").await,
            vec!["周末读书", "读书会"],
            "on {}",
            t.url
        );
        assert_eq!(search("爱好").await, vec!["rust 爱好者"]);
        assert_eq!(search("RUST").await, vec!["rust 爱好者", "Rust Readers"]);
        assert_eq!(search("rEaDeRs").await, vec!["Rust Readers"]);
        assert_eq!(search("%").await, vec!["100% Pure"]);
        assert_eq!(search("0%").await, vec!["100% Pure"]);
        assert_eq!(search("_").await, vec!["snake_case fans"]);
        assert_eq!(search("e_c").await, vec!["snake_case fans"]);
        assert_eq!(search(r"\").await, vec![r"back\slash"]);
        assert_eq!(search(r"k\s").await, vec![r"back\slash"]);
        assert_eq!(search("élan").await, vec!["ÉCOLE Élan"]);
        assert_eq!(search("nothing like it").await, Vec::<String>::new());
        assert_eq!(discover(&t, Some(""), None).await.len(), 10);
    }
}

#[tokio::test]
async fn discover_pages_through_every_group_without_repeats_or_gaps() {
    for t in TestDb::all().await {
        let repo = t.db.groups();
        let alice = person(&t, "alice").await;
        let mut expected = Vec::new();
        for i in 0..8_i64 {
            // Pairs share a creation time: the id breaks the tie.
            let g = created(
                &t,
                &alice,
                &format!("group {i}"),
                Visibility::Public,
                at(i / 2),
            )
            .await;
            expected.push(g);
        }
        expected.sort_by_key(|g| std::cmp::Reverse((g.created_at, g.id)));
        let mut seen = Vec::new();
        let mut after = None;
        let mut pages = 0;
        loop {
            let page = repo
                .discover(None, None, PageRequest::new(after, Some(3)))
                .await
                .unwrap();
            pages += 1;
            assert!(page.items.len() <= 3);
            seen.extend(page.items.into_iter().map(|l| l.group));
            match page.next {
                Some(next) => after = Some(next),
                None => break,
            }
        }
        assert_eq!(pages, 3, "on {}", t.url);
        assert_eq!(seen, expected);

        // A new group does not shift a page already being read.
        let first = repo
            .discover(None, None, PageRequest::first(3))
            .await
            .unwrap();
        created(&t, &alice, "newest", Visibility::Public, at(60)).await;
        let second = repo
            .discover(None, None, PageRequest::new(first.next, Some(3)))
            .await
            .unwrap();
        let second: Vec<_> = second.items.into_iter().map(|l| l.group).collect();
        assert_eq!(second, expected[3..6].to_vec());
        // And a search pages too.
        let page = repo
            .discover(Some("GROUP".into()), None, PageRequest::first(5))
            .await
            .unwrap();
        assert_eq!(page.items.len(), 5);
        let rest = repo
            .discover(
                Some("GROUP".into()),
                None,
                PageRequest::new(page.next, Some(5)),
            )
            .await
            .unwrap();
        assert_eq!(rest.items.len(), 3);
        assert_eq!(rest.next, None);
    }
}

#[tokio::test]
async fn of_member_lists_active_and_pending_groups_most_recently_joined_first() {
    for t in TestDb::all().await {
        let repo = t.db.groups();
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let own = created(&t, &alice, "Own", Visibility::Private, at(0)).await;
        let joined = created(&t, &bob, "Joined", Visibility::Public, at(1)).await;
        let asked = created(&t, &bob, "Asked", Visibility::Private, at(2)).await;
        let banned = created(&t, &bob, "Banned", Visibility::Public, at(3)).await;
        let _other = created(&t, &bob, "Not hers", Visibility::Public, at(4)).await;
        repo.join(&active(&joined, &alice, at(10))).await.unwrap();
        repo.request(&request(&asked, &alice, at(20)))
            .await
            .unwrap();
        repo.ban(banned.id, alice.id, at(30)).await.unwrap();

        let page = repo
            .of_member(alice.id, PageRequest::first(2))
            .await
            .unwrap();
        assert_eq!(names(&page), vec!["Asked", "Joined"], "on {}", t.url);
        assert_eq!(
            page.items[0].membership.as_ref().map(|m| m.state),
            Some(MemberState::Pending)
        );
        assert_eq!(
            page.items[1].membership,
            Some(active(&joined, &alice, at(10)))
        );
        let rest = repo
            .of_member(alice.id, PageRequest::new(page.next, Some(2)))
            .await
            .unwrap();
        assert_eq!(names(&rest), vec!["Own"]);
        assert_eq!(rest.next, None);
        assert_eq!(
            rest.items[0].membership.as_ref().map(|m| m.role),
            Some(MemberRole::Owner)
        );
        assert_eq!(rest.items[0].group, own);
    }
}

#[tokio::test]
async fn joining_or_asking_again_is_refused_by_the_state_of_the_membership_there_is() {
    for t in TestDb::all().await {
        let repo = t.db.groups();
        let owner = person(&t, "owner").await;
        let member = person(&t, "member").await;
        let asker = person(&t, "asker").await;
        let outcast = person(&t, "outcast").await;
        let g = created(&t, &owner, "Club", Visibility::Public, at(0)).await;

        repo.join(&active(&g, &member, at(1))).await.unwrap();
        assert_eq!(member_count(&t, &g).await, 2, "on {}", t.url);
        repo.request(&request(&g, &asker, at(2))).await.unwrap();
        repo.ban(g.id, outcast.id, at(3)).await.unwrap();

        for (who, refused) in [
            (&owner, "AlreadyMember"),
            (&member, "AlreadyMember"),
            (&asker, "RequestPending"),
            (&outcast, "Banned"),
        ] {
            let joined = repo.join(&active(&g, who, at(9))).await;
            let asked = repo.request(&request(&g, who, at(9))).await;
            for result in [joined, asked] {
                let got = match result {
                    Err(GroupsError::AlreadyMember) => "AlreadyMember",
                    Err(GroupsError::RequestPending) => "RequestPending",
                    Err(GroupsError::Banned) => "Banned",
                    other => panic!("{} got {other:?}", who.username),
                };
                assert_eq!(got, refused, "{}", who.username);
            }
        }
        assert_eq!(member_count(&t, &g).await, 2, "nothing counted twice");
        assert_eq!(
            repo.requests(g.id, false, PageRequest::first(10))
                .await
                .unwrap()
                .items
                .len(),
            1,
            "no second request"
        );
        assert_eq!(
            membership(&t, &g, &member).await,
            Some(active(&g, &member, at(1)))
        );
    }
}

#[tokio::test]
async fn a_request_adds_a_pending_membership_and_its_request_together() {
    for t in TestDb::all().await {
        let repo = t.db.groups();
        let owner = person(&t, "owner").await;
        let asker = person(&t, "asker").await;
        let g = created(&t, &owner, "Club", Visibility::Private, at(0)).await;
        let r = request(&g, &asker, at(1));
        repo.request(&r).await.unwrap();

        assert_eq!(
            membership(&t, &g, &asker).await,
            Some(Membership {
                group: g.id,
                user: asker.id,
                role: MemberRole::Member,
                state: MemberState::Pending,
                since: at(1),
            }),
            "on {}",
            t.url
        );
        assert_eq!(member_count(&t, &g).await, 1, "pending is not counted");
        assert_eq!(repo.find_request(r.id).await.unwrap(), Some(r.clone()));
        assert_eq!(
            repo.find_request(JoinRequestId::new_random())
                .await
                .unwrap(),
            None
        );
        assert_eq!(
            repo.requests(g.id, true, PageRequest::first(10))
                .await
                .unwrap()
                .items,
            vec![r]
        );
        // Not an active member: not listed.
        assert_eq!(
            repo.members(g.id, PageRequest::first(10))
                .await
                .unwrap()
                .items
                .len(),
            1
        );
    }
}

#[tokio::test]
async fn members_are_listed_first_joined_first_in_pages_and_the_banned_newest_first() {
    for t in TestDb::all().await {
        let repo = t.db.groups();
        let owner = person(&t, "owner").await;
        let g = created(&t, &owner, "Club", Visibility::Public, at(0)).await;
        let mut people = Vec::new();
        for i in 0..5_i64 {
            let p = person(&t, &format!("member{i}")).await;
            // Two pairs join at the same moment: the user id breaks the tie.
            repo.join(&active(&g, &p, at(1 + i / 2))).await.unwrap();
            people.push((at(1 + i / 2), p));
        }
        let asker = person(&t, "asker").await;
        repo.request(&request(&g, &asker, at(2))).await.unwrap();
        let early = person(&t, "early").await;
        let late = person(&t, "late").await;
        repo.ban(g.id, early.id, at(7)).await.unwrap();
        repo.ban(g.id, late.id, at(8)).await.unwrap();

        people.sort_by_key(|(since, p)| (*since, p.id));
        let mut expected: Vec<Member> = vec![Member {
            person: owner.clone(),
            role: MemberRole::Owner,
            state: MemberState::Active,
            since: at(0),
        }];
        expected.extend(people.into_iter().map(|(since, person)| Member {
            person,
            role: MemberRole::Member,
            state: MemberState::Active,
            since,
        }));
        let mut seen = Vec::new();
        let mut after = None;
        loop {
            let page = repo
                .members(g.id, PageRequest::new(after, Some(2)))
                .await
                .unwrap();
            seen.extend(page.items);
            match page.next {
                Some(next) => after = Some(next),
                None => break,
            }
        }
        assert_eq!(seen, expected, "on {}", t.url);
        assert_eq!(member_count(&t, &g).await, 6);

        let banned = repo.banned(g.id, PageRequest::first(1)).await.unwrap();
        assert_eq!(banned.items.len(), 1);
        assert_eq!(banned.items[0].person, late);
        assert_eq!(banned.items[0].state, MemberState::Banned);
        let older = repo
            .banned(g.id, PageRequest::new(banned.next, Some(1)))
            .await
            .unwrap();
        assert_eq!(older.items[0].person, early);
        assert_eq!(older.items[0].since, at(7));
        assert_eq!(older.next, None);
    }
}

#[tokio::test]
async fn set_role_changes_only_an_active_members_role() {
    for t in TestDb::all().await {
        let repo = t.db.groups();
        let owner = person(&t, "owner").await;
        let member = person(&t, "member").await;
        let asker = person(&t, "asker").await;
        let g = created(&t, &owner, "Club", Visibility::Public, at(0)).await;
        repo.join(&active(&g, &member, at(1))).await.unwrap();
        repo.request(&request(&g, &asker, at(2))).await.unwrap();

        assert!(
            repo.set_role(g.id, member.id, MemberRole::Admin)
                .await
                .unwrap()
        );
        assert_eq!(
            membership(&t, &g, &member).await.map(|m| m.role),
            Some(MemberRole::Admin),
            "on {}",
            t.url
        );
        assert!(
            !repo
                .set_role(g.id, asker.id, MemberRole::Admin)
                .await
                .unwrap()
        );
        assert_eq!(
            membership(&t, &g, &asker).await.map(|m| m.role),
            Some(MemberRole::Member)
        );
        let stranger = person(&t, "stranger").await;
        assert!(
            !repo
                .set_role(g.id, stranger.id, MemberRole::Admin)
                .await
                .unwrap()
        );
        assert!(
            !repo
                .set_role(GroupId::new_random(), member.id, MemberRole::Admin)
                .await
                .unwrap()
        );
    }
}

#[tokio::test]
async fn removing_uncounts_an_active_member_and_withdraws_a_pending_request() {
    for t in TestDb::all().await {
        let repo = t.db.groups();
        let owner = person(&t, "owner").await;
        let member = person(&t, "member").await;
        let asker = person(&t, "asker").await;
        let outcast = person(&t, "outcast").await;
        let g = created(&t, &owner, "Club", Visibility::Public, at(0)).await;
        repo.join(&active(&g, &member, at(1))).await.unwrap();
        let r = request(&g, &asker, at(2));
        repo.request(&r).await.unwrap();
        repo.ban(g.id, outcast.id, at(3)).await.unwrap();
        assert_eq!(member_count(&t, &g).await, 2);

        assert!(repo.remove(g.id, member.id, at(10)).await.unwrap());
        assert_eq!(membership(&t, &g, &member).await, None, "on {}", t.url);
        assert_eq!(member_count(&t, &g).await, 1);

        assert!(repo.remove(g.id, asker.id, at(11)).await.unwrap());
        assert_eq!(membership(&t, &g, &asker).await, None);
        assert_eq!(member_count(&t, &g).await, 1, "pending was never counted");
        let withdrawn = repo.find_request(r.id).await.unwrap().unwrap();
        assert_eq!(withdrawn.status, RequestStatus::Withdrawn);
        assert_eq!(withdrawn.decided_at, Some(at(11)));
        assert_eq!(withdrawn.decided_by, None);
        assert!(
            repo.requests(g.id, true, PageRequest::first(10))
                .await
                .unwrap()
                .items
                .is_empty()
        );

        assert!(
            repo.remove(g.id, outcast.id, at(12)).await.unwrap(),
            "a ban too"
        );
        assert_eq!(member_count(&t, &g).await, 1);
        assert!(!repo.remove(g.id, outcast.id, at(13)).await.unwrap());
        assert!(!repo.remove(g.id, member.id, at(13)).await.unwrap());
        assert_eq!(member_count(&t, &g).await, 1);
        // Gone, so free to come back.
        repo.join(&active(&g, &member, at(14))).await.unwrap();
        assert_eq!(member_count(&t, &g).await, 2);
    }
}

#[tokio::test]
async fn banning_works_from_any_state_and_unbanning_lifts_it() {
    for t in TestDb::all().await {
        let repo = t.db.groups();
        let owner = person(&t, "owner").await;
        let admin = person(&t, "admin").await;
        let asker = person(&t, "asker").await;
        let stranger = person(&t, "stranger").await;
        let g = created(&t, &owner, "Club", Visibility::Public, at(0)).await;
        repo.join(&active(&g, &admin, at(1))).await.unwrap();
        repo.set_role(g.id, admin.id, MemberRole::Admin)
            .await
            .unwrap();
        let r = request(&g, &asker, at(2));
        repo.request(&r).await.unwrap();
        let banned = |who: &Person, since| Membership {
            group: g.id,
            user: who.id,
            role: MemberRole::Member,
            state: MemberState::Banned,
            since,
        };

        repo.ban(g.id, admin.id, at(10)).await.unwrap();
        assert_eq!(
            membership(&t, &g, &admin).await,
            Some(banned(&admin, at(10))),
            "an active admin becomes a banned member, on {}",
            t.url
        );
        assert_eq!(member_count(&t, &g).await, 1);

        repo.ban(g.id, asker.id, at(11)).await.unwrap();
        assert_eq!(
            membership(&t, &g, &asker).await,
            Some(banned(&asker, at(11)))
        );
        let withdrawn = repo.find_request(r.id).await.unwrap().unwrap();
        assert_eq!(withdrawn.status, RequestStatus::Withdrawn);
        assert_eq!(withdrawn.decided_at, Some(at(11)));

        repo.ban(g.id, stranger.id, at(12)).await.unwrap();
        assert_eq!(
            membership(&t, &g, &stranger).await,
            Some(banned(&stranger, at(12)))
        );
        // Banned again: nothing changes, the first ban's time stays.
        repo.ban(g.id, stranger.id, at(13)).await.unwrap();
        assert_eq!(
            membership(&t, &g, &stranger).await,
            Some(banned(&stranger, at(12)))
        );
        assert_eq!(member_count(&t, &g).await, 1);
        assert_eq!(
            repo.banned(g.id, PageRequest::first(10))
                .await
                .unwrap()
                .items
                .into_iter()
                .map(|m| m.person)
                .collect::<Vec<_>>(),
            vec![stranger.clone(), asker.clone(), admin.clone()]
        );

        assert!(repo.unban(g.id, stranger.id).await.unwrap());
        assert_eq!(membership(&t, &g, &stranger).await, None);
        assert!(!repo.unban(g.id, stranger.id).await.unwrap());
        assert!(!repo.unban(g.id, owner.id).await.unwrap(), "not banned");
        assert_eq!(
            membership(&t, &g, &owner).await.map(|m| m.state),
            Some(MemberState::Active)
        );
        repo.join(&active(&g, &stranger, at(20))).await.unwrap();
        assert_eq!(member_count(&t, &g).await, 2);
    }
}

#[tokio::test]
async fn ownership_goes_only_by_an_accepted_offer_to_an_active_member_below_the_cap() {
    for t in TestDb::all().await {
        let repo = t.db.groups();
        let owner = person(&t, "owner").await;
        let member = person(&t, "member").await;
        let asker = person(&t, "asker").await;
        let stranger = person(&t, "stranger").await;
        let g = created(&t, &owner, "Club", Visibility::Public, at(0)).await;
        repo.join(&active(&g, &member, at(1))).await.unwrap();
        repo.request(&request(&g, &asker, at(2))).await.unwrap();

        // One offer per group.
        repo.offer_transfer(g.id, owner.id, member.id, at(3))
            .await
            .unwrap();
        assert!(matches!(
            repo.offer_transfer(g.id, owner.id, asker.id, at(4)).await,
            Err(GroupsError::TransferOfferPending)
        ));
        let offer = repo.transfer_offer(g.id).await.unwrap().unwrap();
        assert_eq!((offer.from.id, offer.to.id), (owner.id, member.id));
        assert_eq!(offer.to.username, "member");
        // The home's read has it too, in the same row as the group and the viewer's membership.
        let home = repo
            .find_with_offer(g.id, Some(member.id))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(home.offer, Some(offer));
        assert_eq!(
            (home.group.id, home.membership.map(|m| m.user)),
            (g.id, Some(member.id))
        );
        assert_eq!(repo.transfer_offers_of(member.id).await.unwrap().len(), 1);
        assert_eq!(repo.transfer_offers_of(owner.id).await.unwrap().len(), 1);
        assert!(repo.transfer_offers_of(asker.id).await.unwrap().is_empty());
        // Withdrawing for another recipient does nothing.
        assert!(!repo.withdraw_transfer(g.id, Some(asker.id)).await.unwrap());
        assert!(repo.withdraw_transfer(g.id, None).await.unwrap());
        assert!(repo.transfer_offer(g.id).await.unwrap().is_none());
        let home = repo.find_with_offer(g.id, None).await.unwrap().unwrap();
        assert_eq!((home.offer, home.membership), (None, None));
        assert_eq!(
            repo.find_with_offer(GroupId::new_random(), None)
                .await
                .unwrap(),
            None
        );

        // An offer to someone not active is never accepted; nothing changes.
        for to in [&stranger, &asker] {
            repo.offer_transfer(g.id, owner.id, to.id, at(5))
                .await
                .unwrap();
            assert!(
                matches!(
                    repo.accept_transfer(g.id, owner.id, to.id, 10).await,
                    Err(GroupsError::NotAMember)
                ),
                "{} on {}",
                to.username,
                t.url
            );
            assert_eq!(
                repo.find(g.id, None).await.unwrap().unwrap().0.owner,
                owner.id
            );
            assert_eq!(
                membership(&t, &g, &owner).await.map(|m| m.role),
                Some(MemberRole::Owner)
            );
            assert!(repo.withdraw_transfer(g.id, None).await.unwrap());
        }
        assert_eq!(
            membership(&t, &g, &asker).await.map(|m| (m.role, m.state)),
            Some((MemberRole::Member, MemberState::Pending))
        );

        // Without an offer, or past the cap, nothing moves either.
        assert!(matches!(
            repo.accept_transfer(g.id, owner.id, member.id, 10).await,
            Err(GroupsError::NoTransferOffer)
        ));
        created(&t, &member, "Own", Visibility::Public, at(6)).await;
        repo.offer_transfer(g.id, owner.id, member.id, at(7))
            .await
            .unwrap();
        assert!(matches!(
            repo.accept_transfer(g.id, owner.id, member.id, 1).await,
            Err(GroupsError::TooManyGroups { max: 1 })
        ));
        assert!(repo.transfer_offer(g.id).await.unwrap().is_some(), "kept");

        repo.accept_transfer(g.id, owner.id, member.id, 2)
            .await
            .unwrap();
        assert!(repo.transfer_offer(g.id).await.unwrap().is_none());
        let (after, m) = repo.find(g.id, Some(member.id)).await.unwrap().unwrap();
        assert_eq!(after.owner, member.id);
        assert_eq!(after.member_count, 2);
        assert_eq!(m.map(|m| m.role), Some(MemberRole::Owner));
        assert_eq!(
            membership(&t, &g, &owner).await.map(|m| (m.role, m.state)),
            Some((MemberRole::Admin, MemberState::Active))
        );
        assert_eq!(repo.count_owned(member.id).await.unwrap(), 2);
        assert_eq!(repo.count_owned(owner.id).await.unwrap(), 0);
    }
}

#[tokio::test]
async fn a_request_is_decided_once_and_kept_as_history() {
    for t in TestDb::all().await {
        let repo = t.db.groups();
        let owner = person(&t, "owner").await;
        let yes = person(&t, "accepted").await;
        let no = person(&t, "refused").await;
        let g = created(&t, &owner, "Club", Visibility::Private, at(0)).await;
        let approved = request(&g, &yes, at(1));
        let rejected = request(&g, &no, at(2));
        repo.request(&approved).await.unwrap();
        repo.request(&rejected).await.unwrap();

        let decided = repo
            .decide(
                approved.id,
                &Decision::Approve(MemberRole::Admin),
                owner.id,
                at(10),
            )
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            decided,
            JoinRequest {
                status: RequestStatus::Approved,
                decided_by: Some(owner.id),
                decided_at: Some(at(10)),
                granted_role: Some(MemberRole::Admin),
                ..approved.clone()
            },
            "on {}",
            t.url
        );
        assert_eq!(
            membership(&t, &g, &yes).await,
            Some(Membership {
                group: g.id,
                user: yes.id,
                role: MemberRole::Admin,
                state: MemberState::Active,
                since: at(10),
            })
        );
        assert_eq!(member_count(&t, &g).await, 2);
        // Decided already: nothing changes.
        for again in [
            Decision::Approve(MemberRole::Member),
            Decision::Reject(Some("late".into())),
        ] {
            assert_eq!(
                repo.decide(approved.id, &again, owner.id, at(11))
                    .await
                    .unwrap(),
                None
            );
        }
        assert_eq!(member_count(&t, &g).await, 2);
        assert_eq!(
            repo.find_request(approved.id).await.unwrap(),
            Some(decided.clone())
        );
        assert_eq!(
            repo.decide(
                JoinRequestId::new_random(),
                &Decision::Reject(None),
                owner.id,
                at(11)
            )
            .await
            .unwrap(),
            None
        );

        let refused = repo
            .decide(
                rejected.id,
                &Decision::Reject(Some("不合适 not now".into())),
                owner.id,
                at(12),
            )
            .await
            .unwrap()
            .unwrap();
        assert_eq!(refused.status, RequestStatus::Rejected);
        assert_eq!(refused.reason.as_deref(), Some("不合适 not now"));
        assert_eq!(refused.granted_role, None);
        assert_eq!(membership(&t, &g, &no).await, None, "free to ask again");
        assert_eq!(member_count(&t, &g).await, 2);

        assert!(
            repo.requests(g.id, true, PageRequest::first(10))
                .await
                .unwrap()
                .items
                .is_empty()
        );
        let history = repo
            .requests(g.id, false, PageRequest::first(1))
            .await
            .unwrap();
        assert_eq!(history.items, vec![refused.clone()]);
        let older = repo
            .requests(g.id, false, PageRequest::new(history.next, Some(1)))
            .await
            .unwrap();
        assert_eq!(older.items, vec![decided]);
        assert_eq!(older.next, None);

        // Asking again after a rejection starts a new request; the old one stays history.
        let again = request(&g, &no, at(20));
        repo.request(&again).await.unwrap();
        let all = repo
            .requests(g.id, false, PageRequest::first(10))
            .await
            .unwrap();
        assert_eq!(all.items.len(), 3);
        assert_eq!(all.items[0], again);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_concurrent_decisions_on_one_request_count_once() {
    for t in TestDb::all().await {
        let owner = person(&t, "owner").await;
        let admin = person(&t, "admin").await;
        let g = created(&t, &owner, "Club", Visibility::Private, at(0)).await;
        t.db.groups()
            .join(&active(&g, &admin, at(0)))
            .await
            .unwrap();
        let (first, second) = (t.db.groups(), t.db.groups());
        for round in 0..10_i64 {
            let asker = person(&t, &format!("asker{round}")).await;
            let r = request(&g, &asker, at(round + 1));
            first.request(&r).await.unwrap();
            let approve = Decision::Approve(MemberRole::Member);
            let (a, b) = tokio::join!(
                first.decide(r.id, &approve, owner.id, at(round + 1)),
                second.decide(r.id, &approve, admin.id, at(round + 1)),
            );
            let (a, b) = (a.unwrap(), b.unwrap());
            assert!(
                a.is_some() != b.is_some(),
                "exactly one decides, round {round} on {}: {a:?} / {b:?}",
                t.url
            );
            assert_eq!(
                membership(&t, &g, &asker).await.map(|m| m.state),
                Some(MemberState::Active)
            );
            assert_eq!(
                member_count(&t, &g).await,
                2 + u32::try_from(round + 1).unwrap()
            );
        }
        // Approval racing a rejection: one of them, wholly.
        for round in 0..10_i64 {
            let asker = person(&t, &format!("racer{round}")).await;
            let r = request(&g, &asker, at(100 + round));
            first.request(&r).await.unwrap();
            let before = member_count(&t, &g).await;
            let (a, b) = tokio::join!(
                first.decide(
                    r.id,
                    &Decision::Approve(MemberRole::Member),
                    owner.id,
                    at(100)
                ),
                second.decide(r.id, &Decision::Reject(None), admin.id, at(100)),
            );
            let (a, b) = (a.unwrap(), b.unwrap());
            assert!(a.is_some() != b.is_some(), "round {round} on {}", t.url);
            let state = membership(&t, &g, &asker).await.map(|m| m.state);
            if a.is_some() {
                assert_eq!(state, Some(MemberState::Active));
                assert_eq!(member_count(&t, &g).await, before + 1);
            } else {
                assert_eq!(state, None);
                assert_eq!(member_count(&t, &g).await, before);
            }
        }
    }
}

#[tokio::test]
async fn deleting_a_group_takes_its_memberships_requests_and_articles() {
    for t in TestDb::all().await {
        let repo = t.db.groups();
        let owner = person(&t, "owner").await;
        let member = person(&t, "member").await;
        let asker = person(&t, "asker").await;
        let g = created(&t, &owner, "Club", Visibility::Public, at(0)).await;
        let kept = created(&t, &owner, "Kept", Visibility::Public, at(1)).await;
        repo.join(&active(&g, &member, at(1))).await.unwrap();
        let r = request(&g, &asker, at(2));
        repo.request(&r).await.unwrap();
        let a = article(&g, &member, "标题", at(3));
        t.db.articles().insert(&a).await.unwrap();

        repo.delete(g.id).await.unwrap();
        assert_eq!(
            repo.find(g.id, Some(member.id)).await.unwrap(),
            None,
            "on {}",
            t.url
        );
        assert_eq!(repo.find_request(r.id).await.unwrap(), None);
        assert_eq!(t.db.articles().find(a.id).await.unwrap(), None);
        assert!(
            repo.of_member(member.id, PageRequest::first(10))
                .await
                .unwrap()
                .items
                .is_empty()
        );
        assert!(
            repo.of_member(asker.id, PageRequest::first(10))
                .await
                .unwrap()
                .items
                .is_empty()
        );
        assert_eq!(
            names(
                &repo
                    .of_member(owner.id, PageRequest::first(10))
                    .await
                    .unwrap()
            ),
            vec!["Kept"]
        );
        assert_eq!(repo.count_owned(owner.id).await.unwrap(), 1);
        // Deleting what is gone succeeds.
        repo.delete(g.id).await.unwrap();
        assert!(repo.find(kept.id, None).await.unwrap().is_some());
    }
}

fn article(group: &Group, author: &Person, title: &str, created: DateTime<Utc>) -> Article {
    Article {
        withheld: None,
        id: ArticleId::new_random(),
        group: group.id,
        author: author.clone(),
        title: title.to_owned(),
        body: format!("# {title}\n\n正文 body"),
        excerpt: format!("{title} 正文 body"),
        status: ArticleStatus::Draft,
        version: 1,
        created_at: created,
        updated_at: created,
        published_at: None,
        replies: Default::default(),
    }
}

#[tokio::test]
async fn articles_are_saved_only_over_the_version_they_started_from() {
    for t in TestDb::all().await {
        let repo = t.db.articles();
        let owner = person(&t, "owner").await;
        let g = created(&t, &owner, "Club", Visibility::Public, at(0)).await;
        let a = article(&g, &owner, "初稿", at(1));
        repo.insert(&a).await.unwrap();
        assert_eq!(
            repo.find(a.id).await.unwrap(),
            Some(a.clone()),
            "on {}",
            t.url
        );
        assert_eq!(repo.find(ArticleId::new_random()).await.unwrap(), None);

        let saved = repo
            .save(
                a.id,
                "二稿".into(),
                "正文 2".into(),
                "正文 2".into(),
                1,
                at(2),
                None,
            )
            .await
            .unwrap();
        let expected = Article {
            title: "二稿".into(),
            body: "正文 2".into(),
            excerpt: "正文 2".into(),
            version: 2,
            updated_at: at(2),
            ..a.clone()
        };
        assert_eq!(saved, Some(SaveOutcome::Saved(expected.clone())));

        // Started from version 1, but it is 2 now: nothing written.
        let stale = repo
            .save(
                a.id,
                "覆盖".into(),
                "lost".into(),
                "lost".into(),
                1,
                at(3),
                None,
            )
            .await
            .unwrap();
        assert_eq!(stale, Some(SaveOutcome::Conflict(expected.clone())));
        assert_eq!(repo.find(a.id).await.unwrap(), Some(expected));

        assert_eq!(
            repo.save(
                ArticleId::new_random(),
                "x".into(),
                String::new(),
                String::new(),
                1,
                at(4),
                None,
            )
            .await
            .unwrap(),
            None
        );
        repo.delete(a.id).await.unwrap();
        assert_eq!(repo.find(a.id).await.unwrap(), None);
        assert_eq!(
            repo.save(
                a.id,
                "x".into(),
                String::new(),
                String::new(),
                2,
                at(5),
                None
            )
            .await
            .unwrap(),
            None,
            "gone"
        );
        repo.delete(a.id).await.unwrap();
    }
}

#[tokio::test]
async fn publishing_keeps_the_first_publication_time_and_raises_the_version() {
    for t in TestDb::all().await {
        let repo = t.db.articles();
        let owner = person(&t, "owner").await;
        let g = created(&t, &owner, "Club", Visibility::Public, at(0)).await;
        let a = article(&g, &owner, "文章", at(1));
        repo.insert(&a).await.unwrap();

        let published = repo
            .set_status(a.id, ArticleStatus::Published, at(2), None)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(published.status, ArticleStatus::Published, "on {}", t.url);
        assert_eq!(published.published_at, Some(at(2)));
        assert_eq!(published.version, 2);
        assert_eq!(published.updated_at, at(2));

        let draft = repo
            .set_status(a.id, ArticleStatus::Draft, at(3), None)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(draft.status, ArticleStatus::Draft);
        assert_eq!(draft.published_at, Some(at(2)));
        assert_eq!(draft.version, 3);

        let again = repo
            .set_status(a.id, ArticleStatus::Published, at(4), None)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            again.published_at,
            Some(at(2)),
            "the first publication time stays"
        );
        assert_eq!(again.version, 4);
        assert_eq!(again.updated_at, at(4));
        assert_eq!(repo.find(a.id).await.unwrap(), Some(again));

        // A save started before the status change conflicts.
        assert!(matches!(
            repo.save(
                a.id,
                "x".into(),
                String::new(),
                String::new(),
                3,
                at(5),
                None
            )
            .await
            .unwrap(),
            Some(SaveOutcome::Conflict(_))
        ));
        assert_eq!(
            repo.set_status(
                ArticleId::new_random(),
                ArticleStatus::Published,
                at(6),
                None
            )
            .await
            .unwrap(),
            None
        );
    }
}

#[tokio::test]
async fn published_articles_and_an_authors_drafts_are_listed_newest_first_in_pages() {
    for t in TestDb::all().await {
        let repo = t.db.articles();
        let owner = person(&t, "owner").await;
        let writer = person(&t, "writer").await;
        let g = created(&t, &owner, "Club", Visibility::Public, at(0)).await;
        let other = created(&t, &owner, "Other", Visibility::Public, at(0)).await;

        let mut published = Vec::new();
        for i in 0..5_i64 {
            let mut a = article(
                &g,
                if i % 2 == 0 { &owner } else { &writer },
                &format!("p{i}"),
                at(i),
            );
            repo.insert(&a).await.unwrap();
            // Two share a publication time; published in an order unlike creation.
            a = repo
                .set_status(a.id, ArticleStatus::Published, at(100 - i / 2 * 10), None)
                .await
                .unwrap()
                .unwrap();
            published.push(a);
        }
        let mut drafts = Vec::new();
        for i in 0..3_i64 {
            let a = article(&g, &writer, &format!("d{i}"), at(200 + i));
            repo.insert(&a).await.unwrap();
            drafts.push(a);
        }
        repo.insert(&article(&g, &owner, "owner's draft", at(300)))
            .await
            .unwrap();
        let mut elsewhere = article(&other, &writer, "elsewhere", at(301));
        repo.insert(&elsewhere).await.unwrap();
        elsewhere.status = ArticleStatus::Published;
        repo.set_status(elsewhere.id, ArticleStatus::Published, at(400), None)
            .await
            .unwrap();

        published.sort_by_key(|a| std::cmp::Reverse((a.published_at, a.id)));
        let expected: Vec<ArticleSummary> = published.iter().map(ArticleSummary::from).collect();
        let mut seen = Vec::new();
        let mut after = None;
        loop {
            let page = repo
                .published(g.id, None, PageRequest::new(after, Some(2)))
                .await
                .unwrap();
            seen.extend(page.items);
            match page.next {
                Some(next) => after = Some(next),
                None => break,
            }
        }
        assert_eq!(seen, expected, "on {}", t.url);

        drafts.reverse();
        let expected: Vec<ArticleSummary> = drafts.iter().map(ArticleSummary::from).collect();
        let first = repo
            .drafts(g.id, writer.id, PageRequest::first(2))
            .await
            .unwrap();
        assert_eq!(first.items, expected[..2].to_vec());
        let rest = repo
            .drafts(g.id, writer.id, PageRequest::new(first.next, Some(2)))
            .await
            .unwrap();
        assert_eq!(rest.items, expected[2..].to_vec());
        assert_eq!(rest.next, None);
        // An unpublished article is a draft again, the most recently changed.
        let back = repo
            .set_status(published[0].id, ArticleStatus::Draft, at(500), None)
            .await
            .unwrap()
            .unwrap();
        let writers = repo
            .drafts(g.id, back.author.id, PageRequest::first(1))
            .await
            .unwrap();
        assert_eq!(writers.items, vec![ArticleSummary::from(&back)]);
        assert_eq!(
            repo.published(g.id, None, PageRequest::first(50))
                .await
                .unwrap()
                .items
                .len(),
            4
        );
    }
}

/// A profile's lists: `author` is an active member of a public group, a private one and (only
/// pending) another private one, and wrote published articles in the first two and a draft.
#[tokio::test]
async fn a_members_groups_and_an_authors_articles_leave_out_private_groups_the_viewer_is_not_in() {
    for t in TestDb::all().await {
        let (groups, articles) = (t.db.groups(), t.db.articles());
        let owner = person(&t, "owner").await;
        let author = person(&t, "author").await;
        let insider = person(&t, "insider").await;
        let pending = person(&t, "pending").await;
        let stranger = person(&t, "stranger").await;
        let public = created(&t, &owner, "Open", Visibility::Public, at(0)).await;
        let private = created(&t, &owner, "Closed", Visibility::Private, at(1)).await;
        let asked = created(&t, &owner, "Asked", Visibility::Private, at(2)).await;
        groups
            .join(&active(&public, &author, at(10)))
            .await
            .unwrap();
        groups
            .join(&active(&private, &author, at(11)))
            .await
            .unwrap();
        groups
            .join(&active(&private, &insider, at(12)))
            .await
            .unwrap();
        groups
            .request(&request(&asked, &author, at(13)))
            .await
            .unwrap();
        groups
            .request(&request(&private, &pending, at(14)))
            .await
            .unwrap();

        let mut written = Vec::new();
        for (i, g) in [&public, &private].into_iter().enumerate() {
            let a = article(g, &author, &format!("in {}", g.name), at(20 + i as i64));
            articles.insert(&a).await.unwrap();
            articles
                .set_status(a.id, ArticleStatus::Published, at(30 + i as i64), None)
                .await
                .unwrap();
            written.push(a.id);
        }
        articles
            .insert(&article(&public, &author, "draft", at(40)))
            .await
            .unwrap();
        // Someone else's article is never the author's.
        let other = article(&public, &owner, "owner's", at(41));
        articles.insert(&other).await.unwrap();
        articles
            .set_status(other.id, ArticleStatus::Published, at(42), None)
            .await
            .unwrap();

        let all = PageRequest::first(50);
        let group_names = |page: Page<SeenBy<Membership>>| -> Vec<String> {
            page.items.iter().map(|r| r.group.name.clone()).collect()
        };
        for viewer in [None, Some(&stranger), Some(&pending)] {
            let page = groups
                .of_member_seen_by(author.id, viewer.map(|v| v.id), all)
                .await
                .unwrap();
            assert_eq!(
                group_names(page),
                vec!["Open"],
                "{:?}",
                viewer.map(|v| &v.username)
            );
            let page = articles
                .published_by_author_seen_by(author.id, viewer.map(|v| v.id), all)
                .await
                .unwrap();
            let ids: Vec<ArticleId> = page.items.iter().map(|r| r.item.id).collect();
            assert_eq!(ids, vec![written[0]]);
        }
        // The pending viewer's own standing comes along (it decides nothing here).
        let page = groups
            .of_member_seen_by(author.id, Some(pending.id), all)
            .await
            .unwrap();
        assert_eq!(page.items[0].viewer, None);
        for viewer in [&insider, &author] {
            let page = groups
                .of_member_seen_by(author.id, Some(viewer.id), all)
                .await
                .unwrap();
            // Most recently joined first; the pending request to "Asked" is not a group of theirs.
            assert_eq!(group_names(page.clone()), vec!["Closed", "Open"]);
            assert_eq!(page.items[0].item.user, author.id);
            assert_eq!(page.items[0].item.state, MemberState::Active);
            assert_eq!(
                page.items[0].viewer.as_ref().map(|m| m.state),
                Some(MemberState::Active)
            );
            let page = articles
                .published_by_author_seen_by(author.id, Some(viewer.id), all)
                .await
                .unwrap();
            let ids: Vec<ArticleId> = page.items.iter().map(|r| r.item.id).collect();
            assert_eq!(ids, vec![written[1], written[0]], "newest published first");
            assert_eq!(page.items[0].group.id, private.id);
            assert_eq!(page.items[0].item.author.id, author.id);
        }
        // Pages of one: each page full, no repeats, the cursor carries on.
        let one = PageRequest::first(1);
        let first = articles
            .published_by_author_seen_by(author.id, Some(insider.id), one)
            .await
            .unwrap();
        let second = articles
            .published_by_author_seen_by(
                author.id,
                Some(insider.id),
                PageRequest::new(first.next, Some(1)),
            )
            .await
            .unwrap();
        assert_eq!(first.items[0].item.id, written[1]);
        assert_eq!(second.items[0].item.id, written[0]);
        assert_eq!(second.next, None);
        let first = groups
            .of_member_seen_by(author.id, Some(author.id), one)
            .await
            .unwrap();
        let second = groups
            .of_member_seen_by(
                author.id,
                Some(author.id),
                PageRequest::new(first.next, Some(1)),
            )
            .await
            .unwrap();
        assert_eq!(group_names(first), vec!["Closed"]);
        assert_eq!(group_names(second.clone()), vec!["Open"]);
        assert_eq!(second.next, None);
    }
}

#[tokio::test]
async fn the_managers_are_the_active_owner_and_admins() {
    for t in TestDb::all().await {
        let repo = t.db.groups();
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let carol = person(&t, "carol").await;
        let dave = person(&t, "dave").await;
        let g = created(&t, &alice, "Club", Visibility::Public, at(0)).await;
        assert_eq!(repo.managers(g.id).await.unwrap(), vec![alice.id]);
        for (who, minute) in [(&bob, 1), (&carol, 2)] {
            repo.join(&active(&g, who, at(minute))).await.unwrap();
        }
        assert!(
            repo.set_role(g.id, bob.id, MemberRole::Admin)
                .await
                .unwrap()
        );
        repo.request(&request(&g, &dave, at(3))).await.unwrap();
        let mut managers = repo.managers(g.id).await.unwrap();
        managers.sort();
        let mut expected = vec![alice.id, bob.id];
        expected.sort();
        assert_eq!(managers, expected, "on {}", t.url);
        repo.ban(g.id, bob.id, at(4)).await.unwrap();
        assert_eq!(
            repo.managers(g.id).await.unwrap(),
            vec![alice.id],
            "a banned admin decides nothing, on {}",
            t.url
        );
        assert!(
            repo.managers(GroupId::new_random())
                .await
                .unwrap()
                .is_empty()
        );
    }
}

/// Groups asked by id are read in one statement, each with the viewer's own membership of it
/// as `find` reads one — a member's (of any state), none for a stranger or a visitor, never
/// someone else's — so the service can apply its rule to each; an unknown id is left out, and
/// no id costs no statement.
#[tokio::test]
async fn groups_are_found_many_at_once_with_the_viewers_membership() {
    for t in TestDb::all().await {
        let (db, log) = t.db.recording_for_tests();
        let repo = db.groups();
        let owner = person(&t, "owner").await;
        let member = person(&t, "member").await;
        let asker = person(&t, "asker").await;
        let stranger = person(&t, "stranger").await;
        let public = created(&t, &owner, "Open", Visibility::Public, at(0)).await;
        let private = created(&t, &owner, "Closed", Visibility::Private, at(1)).await;
        repo.join(&active(&private, &member, at(2))).await.unwrap();
        repo.request(&request(&private, &asker, at(3)))
            .await
            .unwrap();
        let ids = [public.id, private.id, GroupId::new_random()];
        for viewer in [
            None,
            Some(&owner),
            Some(&member),
            Some(&asker),
            Some(&stranger),
        ] {
            let v = viewer.map(|p| p.id);
            log.take();
            let mut found = repo.find_many(&ids, v).await.unwrap();
            assert_eq!(log.take().len(), 1);
            found.sort_by_key(|(g, _)| g.created_at);
            let mut one_by_one = Vec::new();
            for id in &ids {
                one_by_one.extend(repo.find(*id, v).await.unwrap());
            }
            assert_eq!(found, one_by_one, "{v:?} on {}", t.url);
            assert_eq!(found.len(), 2);
            let private_membership = found[1].1.as_ref();
            match viewer {
                Some(p) if p.id == member.id => {
                    assert_eq!(
                        private_membership.map(|m| m.state),
                        Some(MemberState::Active)
                    );
                }
                Some(p) if p.id == asker.id => {
                    assert_eq!(
                        private_membership.map(|m| m.state),
                        Some(MemberState::Pending)
                    );
                }
                Some(p) if p.id == owner.id => {
                    assert_eq!(private_membership.map(|m| m.role), Some(MemberRole::Owner));
                }
                _ => assert_eq!(private_membership, None, "a stranger is no member"),
            }
        }
        log.take();
        assert!(
            repo.find_many(&[], Some(owner.id))
                .await
                .unwrap()
                .is_empty()
        );
        assert!(log.take().is_empty());
    }
}

/// Articles asked by id are read in one statement, each as `find` reads it — a draft and a
/// withheld one too, with their thread (the service decides who may read them); an unknown
/// id is left out, and no id costs no statement.
#[tokio::test]
async fn articles_are_found_many_at_once_as_one_by_one() {
    for t in TestDb::all().await {
        let (db, log) = t.db.recording_for_tests();
        let repo = db.articles();
        let owner = person(&t, "owner").await;
        let g = created(&t, &owner, "Club", Visibility::Private, at(0)).await;
        let draft = article(&g, &owner, "草稿", at(1));
        let mut published = article(&g, &owner, "发表", at(2));
        published.status = ArticleStatus::Published;
        published.published_at = Some(at(2));
        published.withheld = Some(kernel::Withheld::Hidden);
        for a in [&draft, &published] {
            repo.insert(a).await.unwrap();
        }
        let ids = [draft.id, published.id, ArticleId::new_random()];
        log.take();
        let mut found = repo.find_many(&ids).await.unwrap();
        assert_eq!(log.take().len(), 1);
        found.sort_by_key(|a| a.created_at);
        let mut one_by_one = Vec::new();
        for id in &ids {
            one_by_one.extend(repo.find(*id).await.unwrap());
        }
        assert_eq!(found, one_by_one, "on {}", t.url);
        assert_eq!(found.len(), 2);
        log.take();
        assert!(repo.find_many(&[]).await.unwrap().is_empty());
        assert!(log.take().is_empty());
    }
}
