//! Who may see a group's images, and for how long a cache keeps them (issue 22, security 8 and
//! 9), on SQLite and PostgreSQL: an image uploaded in a draft's editor is for those who may
//! see the draft (its author and the group's managers) until the article is published, in the
//! gallery and at its URLs; a public image is cached for a minute and revalidated, so one an
//! admin hides stops being served within it.

use crate::helpers::{Person, TestApp, spawn_app};
use adapter_postgres::testing::TestDb;
use image_fixtures::png;
use reqwest::Method;
use reqwest::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use serde_json::{Value, json};

impl TestApp {
    async fn gallery_ids_for(&self, who: Option<&Person>, gid: &str) -> Vec<String> {
        let client = who.map_or_else(reqwest::Client::new, |p| p.client.clone());
        let r = self
            .send(
                &client,
                Method::GET,
                &format!("/api/groups/{gid}/gallery"),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        ids_of(&r.body["images"])
    }

    async fn home_gallery_ids_for(&self, who: Option<&Person>, gid: &str) -> Vec<String> {
        let client = who.map_or_else(reqwest::Client::new, |p| p.client.clone());
        let r = self
            .send(
                &client,
                Method::GET,
                &format!("/api/groups/{gid}"),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        ids_of(&r.body["gallery"])
    }

    /// Status and `Cache-Control` of a file's URL, for `who` (or someone signed out).
    async fn fetch(&self, who: Option<&Person>, path: &str) -> (u16, String) {
        let client = who.map_or_else(reqwest::Client::new, |p| p.client.clone());
        let res = client.get(self.url(path)).send().await.unwrap();
        let cache = res
            .headers()
            .get(CACHE_CONTROL)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        (res.status().as_u16(), cache)
    }
}

fn ids_of(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap_or_else(|| panic!("not a list: {list:?}"))
        .iter()
        .map(|i| i["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_drafts_images_are_for_those_who_may_see_the_draft_until_it_is_published() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let owner = app.person("alice").await;
        let author = app.person("bob").await;
        let member = app.person("dave").await;
        let stranger = app.person("carol").await;
        let g = app.create_group(&owner, "公开小组", "public", "open").await;
        let gid = g["id"].as_str().unwrap().to_owned();
        for p in [&author, &member] {
            let r = app
                .send(
                    &p.client,
                    Method::POST,
                    &format!("/api/groups/{gid}/join"),
                    Some(json!({})),
                    "en",
                )
                .await;
            assert_eq!(r.body["outcome"], "joined", "{:?}", r.body);
        }
        let loose = app.upload(&owner.client, &gid, png(40, 30)).await;
        let loose = loose.body["image"]["id"].as_str().unwrap().to_owned();
        let a = app
            .send(
                &author.client,
                Method::POST,
                &format!("/api/groups/{gid}/articles"),
                Some(json!({ "title": "还没写完", "body": "草稿" })),
                "en",
            )
            .await;
        assert_eq!(a.status, 201, "{:?}", a.body);
        let aid = a.body["article"]["id"].as_str().unwrap().to_owned();
        let r = app
            .send(
                &author.client,
                Method::GET,
                &format!("/api/groups/{gid}/articles/{aid}"),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200);
        let up = author
            .client
            .post(app.url(&format!("/api/groups/{gid}/gallery?articleId={aid}")))
            .header(CONTENT_TYPE, "application/octet-stream")
            .body(png(64, 48))
            .send()
            .await
            .unwrap();
        assert_eq!(up.status().as_u16(), 201);
        let up: Value = up.json().await.unwrap();
        let draft_image = up["image"]["id"].as_str().unwrap().to_owned();
        let both = vec![draft_image.clone(), loose.clone()];
        let only_loose = vec![loose.clone()];

        // The draft is 404 to the others, and so are its images, in the lists and at the URLs.
        for (who, name) in [
            (None, "signed out"),
            (Some(&stranger), "stranger"),
            (Some(&member), "member"),
        ] {
            let r = app
                .fetch(who, &format!("/api/groups/{gid}/articles/{aid}"))
                .await;
            assert_eq!(r.0, 404, "{name}: the draft");
            assert_eq!(app.gallery_ids_for(who, &gid).await, only_loose, "{name}");
            assert_eq!(
                app.home_gallery_ids_for(who, &gid).await,
                only_loose,
                "{name}"
            );
            for path in [
                format!("/api/media/{draft_image}"),
                format!("/api/media/{draft_image}/thumbnail"),
            ] {
                assert_eq!(app.fetch(who, &path).await.0, 404, "{name}: {path}");
            }
        }
        // Its author and the group's owner see them, never cacheable by others.
        for (who, name) in [(&author, "author"), (&owner, "owner")] {
            assert_eq!(app.gallery_ids_for(Some(who), &gid).await, both, "{name}");
            assert_eq!(
                app.home_gallery_ids_for(Some(who), &gid).await,
                both,
                "{name}"
            );
            for path in [
                format!("/api/media/{draft_image}"),
                format!("/api/media/{draft_image}/thumbnail"),
            ] {
                assert_eq!(
                    app.fetch(Some(who), &path).await,
                    (200, "private, no-store".to_owned()),
                    "{name}: {path}"
                );
            }
        }

        // Published: everyone's, as the group's other images.
        let p = app
            .send(
                &author.client,
                Method::POST,
                &format!("/api/groups/{gid}/articles/{aid}/publish"),
                None,
                "en",
            )
            .await;
        assert_eq!(p.status, 200, "{:?}", p.body);
        assert_eq!(app.gallery_ids_for(None, &gid).await, both);
        let (status, cache) = app.fetch(None, &format!("/api/media/{draft_image}")).await;
        assert_eq!(status, 200);
        assert!(cache.starts_with("public"), "{cache}");

        // Unpublished again: back to the draft's readers.
        let p = app
            .send(
                &author.client,
                Method::POST,
                &format!("/api/groups/{gid}/articles/{aid}/unpublish"),
                None,
                "en",
            )
            .await;
        assert_eq!(p.status, 200, "{:?}", p.body);
        assert_eq!(app.gallery_ids_for(None, &gid).await, only_loose);
        assert_eq!(
            app.fetch(None, &format!("/api/media/{draft_image}"))
                .await
                .0,
            404
        );
    }
}

#[tokio::test]
async fn a_public_image_is_cached_a_minute_and_revalidated_so_hiding_it_takes_effect() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let owner = app.person("alice").await;
        let boss = app.person("boss").await;
        app.promote_to_admin("boss").await;
        let g = app.create_group(&owner, "晒图", "public", "open").await;
        let gid = g["id"].as_str().unwrap().to_owned();
        let up = app.upload(&owner.client, &gid, png(40, 30)).await;
        let id = up.body["image"]["id"].as_str().unwrap().to_owned();
        let visitor = reqwest::Client::new();

        for path in [
            format!("/api/media/{id}"),
            format!("/api/media/{id}/thumbnail"),
        ] {
            let res = visitor.get(app.url(&path)).send().await.unwrap();
            assert_eq!(res.status().as_u16(), 200);
            assert_eq!(
                res.headers()[CACHE_CONTROL],
                "public, max-age=60, must-revalidate",
                "{path}"
            );
            let etag = res.headers()[ETAG].to_str().unwrap().to_owned();
            // A cache revalidating while the image is readable: 304.
            let again = visitor
                .get(app.url(&path))
                .header(IF_NONE_MATCH, &etag)
                .send()
                .await
                .unwrap();
            assert_eq!(again.status().as_u16(), 304, "{path}");
            assert_eq!(
                again.headers()[CACHE_CONTROL],
                "public, max-age=60, must-revalidate"
            );
        }

        let r = app
            .send(
                &boss.client,
                Method::POST,
                &format!("/api/admin/media/{id}/hide"),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        // Revalidating after it was hidden: 404, not 304.
        let path = format!("/api/media/{id}");
        let res = visitor.get(app.url(&path)).send().await.unwrap();
        let etag = format!("\"{}-o\"", id.replace('-', ""));
        assert_eq!(res.status().as_u16(), 404);
        let res = visitor
            .get(app.url(&path))
            .header(IF_NONE_MATCH, &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 404);
    }
}

/// Every answer that names `who`'s avatar or the group's cover, as `(what, url)`.
async fn shown_images(
    app: &TestApp,
    viewer: &Person,
    who: &Person,
    gid: &str,
) -> Vec<(String, Value)> {
    let get = |path: String| {
        let client = viewer.client.clone();
        let url = app.url(&path);
        async move {
            let res = client.get(url).send().await.unwrap();
            assert_eq!(res.status().as_u16(), 200, "{path}");
            res.json::<Value>().await.unwrap()
        }
    };
    let mut shown = Vec::new();
    let group = get(format!("/api/groups/{gid}")).await;
    shown.push(("group cover".to_owned(), group["group"]["coverUrl"].clone()));
    shown.push((
        "group cover thumbnail".to_owned(),
        group["group"]["coverThumbnailUrl"].clone(),
    ));
    let list = get("/api/groups".to_owned()).await;
    let listed = list["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == gid)
        .expect("the group is listed")
        .clone();
    shown.push(("group list cover".to_owned(), listed["coverUrl"].clone()));
    let profile = get(format!("/api/users/{}", who.id)).await;
    shown.push((
        "profile avatar".to_owned(),
        profile["profile"]["avatarUrl"].clone(),
    ));
    shown.push((
        "profile avatar thumbnail".to_owned(),
        profile["profile"]["avatarThumbnailUrl"].clone(),
    ));
    let posts = get("/api/plaza/posts".to_owned()).await;
    shown.push((
        "post author".to_owned(),
        posts["posts"][0]["author"]["avatarUrl"].clone(),
    ));
    let members = get(format!("/api/groups/{gid}/members")).await;
    let member = members["members"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["user"]["id"] == who.id.as_str())
        .expect("a member")
        .clone();
    shown.push((
        "member list".to_owned(),
        member["user"]["avatarUrl"].clone(),
    ));
    shown
}

#[tokio::test]
async fn a_hidden_cover_or_avatar_is_in_no_answer_until_it_is_shown_again() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let alice = app.person("alice").await;
        let viewer = app.person("viewer").await;
        let boss = app.person("boss").await;
        app.promote_to_admin("boss").await;

        // Alice's avatar, her public group's cover and a post of hers.
        let up = alice
            .client
            .post(app.url("/api/account/avatar/upload"))
            .header(CONTENT_TYPE, "application/octet-stream")
            .body(png(48, 48))
            .send()
            .await
            .unwrap();
        assert_eq!(up.status().as_u16(), 201);
        let avatar = up.json::<Value>().await.unwrap()["image"]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let r = app
            .send(
                &alice.client,
                Method::PUT,
                "/api/account/avatar",
                Some(json!({ "mediaId": avatar })),
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let g = app.create_group(&alice, "封面小组", "public", "open").await;
        let gid = g["id"].as_str().unwrap().to_owned();
        let r = alice
            .client
            .put(app.url(&format!("/api/groups/{gid}/cover")))
            .header(CONTENT_TYPE, "application/octet-stream")
            .body(png(64, 40))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 200);
        let cover_url = r.json::<Value>().await.unwrap()["group"]["coverUrl"]
            .as_str()
            .unwrap()
            .to_owned();
        let cover = cover_url.trim_start_matches("/api/media/").to_owned();
        let r = app
            .send(
                &alice.client,
                Method::POST,
                "/api/plaza/posts",
                Some(json!({ "body": "今天天气不错" })),
                "en",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);

        for (what, url) in shown_images(&app, &viewer, &alice, &gid).await {
            assert!(url.is_string(), "{what} before hiding: {url:?}");
        }
        for id in [&avatar, &cover] {
            let r = app
                .send(
                    &boss.client,
                    Method::POST,
                    &format!("/api/admin/media/{id}/hide"),
                    None,
                    "en",
                )
                .await;
            assert_eq!(r.status, 200, "{:?}", r.body);
        }
        // Hidden: null everywhere (the pages show their fallback), for the owner too.
        for who in [&viewer, &alice] {
            for (what, url) in shown_images(&app, who, &alice, &gid).await {
                assert!(url.is_null(), "{what} while hidden: {url:?}");
            }
        }
        // Saving the group's settings does not drop the hidden cover it was not shown.
        let r = app
            .send(
                &alice.client,
                Method::PUT,
                &format!("/api/groups/{gid}"),
                Some(json!({ "name": "封面小组改名", "description": "", "visibility": "public", "joinPolicy": "open" })),
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert!(r.body["group"]["coverUrl"].is_null());

        for id in [&avatar, &cover] {
            let r = app
                .send(
                    &boss.client,
                    Method::POST,
                    &format!("/api/admin/media/{id}/unhide"),
                    None,
                    "en",
                )
                .await;
            assert_eq!(r.status, 200, "{:?}", r.body);
        }
        for (what, url) in shown_images(&app, &viewer, &alice, &gid).await {
            assert!(url.is_string(), "{what} after showing again: {url:?}");
        }
    }
}

/// A GIF of `frames` frames of `w`×`h`, from the `image` crate's encoder, looping.
fn animation(frames: u32, w: u32, h: u32) -> Vec<u8> {
    image_fixtures::animated_gif((0..frames).map(|i| {
        let shade = if i % 2 == 0 { 0 } else { 255 };
        image::RgbaImage::from_pixel(w, h, image::Rgba([shade, 80, 160, 255]))
    }))
}

/// `gif` with a comment and an XMP block (GPS) after its header and bytes after its end.
fn with_metadata(mut gif: Vec<u8>) -> Vec<u8> {
    let table = if gif[10] & 0x80 == 0 {
        0
    } else {
        3 << ((gif[10] & 0x07) + 1)
    };
    let at = 13 + table;
    let mut blocks = vec![0x21, 0xFE];
    let comment = b"taken at home, 31.2N 121.4E";
    blocks.push(comment.len() as u8);
    blocks.extend_from_slice(comment);
    blocks.push(0);
    blocks.extend_from_slice(&[0x21, 0xFF, 11]);
    blocks.extend_from_slice(b"XMP DataXMP");
    let xmp = b"<exif:GPSLatitude>31,12.5N</exif:GPSLatitude>";
    blocks.push(xmp.len() as u8);
    blocks.extend_from_slice(xmp);
    blocks.push(0);
    gif.splice(at..at, blocks);
    gif.extend_from_slice(b"TRAILING secret bytes");
    gif
}

fn frames_of(gif: &[u8]) -> usize {
    use image::AnimationDecoder;
    image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif))
        .unwrap()
        .into_frames()
        .count()
}

#[tokio::test]
async fn a_gif_is_served_without_its_metadata_and_a_huge_animation_is_refused() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let alice = app.person("alice").await;
        let upload = with_metadata(animation(3, 20, 10));
        assert_eq!(frames_of(&upload), 3);
        let up = alice
            .client
            .post(app.url("/api/plaza/images"))
            .header(CONTENT_TYPE, "application/octet-stream")
            .body(upload)
            .send()
            .await
            .unwrap();
        assert_eq!(up.status().as_u16(), 201);
        let url = up.json::<Value>().await.unwrap()["image"]["url"]
            .as_str()
            .unwrap()
            .to_owned();
        let served = alice
            .client
            .get(app.url(&url))
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap()
            .to_vec();
        let text = String::from_utf8_lossy(&served);
        for gone in ["taken at home", "XMP", "GPSLatitude", "TRAILING"] {
            assert!(!text.contains(gone), "{gone} is still served");
        }
        assert_eq!(served.last(), Some(&0x3B));
        assert_eq!(frames_of(&served), 3, "still animated");

        // 120 frames on a 7000×7000 canvas: refused before decoding, in the asker's language.
        let mut bomb = animation(120, 1, 1);
        bomb[6..8].copy_from_slice(&7000u16.to_le_bytes());
        bomb[8..10].copy_from_slice(&7000u16.to_le_bytes());
        for (lang, message) in [
            ("zh", "动图的帧数或尺寸太大，请缩小后再上传"),
            (
                "en",
                "This animation has too many frames or pixels; make it smaller and try again",
            ),
        ] {
            let r = alice
                .client
                .post(app.url("/api/plaza/images"))
                .header(CONTENT_TYPE, "application/octet-stream")
                .header(reqwest::header::ACCEPT_LANGUAGE, lang)
                .body(bomb.clone())
                .send()
                .await
                .unwrap();
            assert_eq!(r.status().as_u16(), 422);
            let body: Value = r.json().await.unwrap();
            assert_eq!(body["code"], "animation_too_large");
            assert_eq!(body["message"], message);
        }
    }
}
