//! `just bench`'s reference server: a bare actix-web hello, built from the same actix-web as
//! app-server and started the same way (`HOST`, `PORT`, `WORKERS`, `TCP_NODELAY`), answering
//! `GET /hello` with a small JSON object. `benches/ratios.rs` compares app-server's own
//! database-free JSON endpoint with it (docs/benchmarks.md).

use actix_web::{App, HttpResponse, HttpServer, get};

#[derive(serde::Serialize)]
struct Hello {
    success: bool,
    message: &'static str,
}

#[get("/hello")]
async fn hello() -> HttpResponse {
    HttpResponse::Ok().json(Hello {
        success: true,
        message: "hello",
    })
}

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let host = std::env::var("HOST").unwrap_or_else(|_| "127.0.0.1".to_owned());
    let port: u16 = std::env::var("PORT")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(8081);
    let workers: Option<usize> = std::env::var("WORKERS").ok().and_then(|w| w.parse().ok());
    let mut server = HttpServer::new(|| App::new().service(hello))
        .tcp_nodelay(true)
        .bind((host.as_str(), port))?;
    if let Some(w) = workers {
        server = server.workers(w);
    }
    server.run().await
}
