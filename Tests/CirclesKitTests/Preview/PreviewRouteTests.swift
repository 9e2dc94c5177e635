import CirclesKit
import Testing

@Suite("The preview server's routes, Host check and events")
struct PreviewRouteTests {
  @Test(
    "each path and method has its route",
    arguments: [
      ("GET", "/", PreviewRoute.page),
      ("HEAD", "/", .page),
      ("GET", "/events", .events),
      ("GET", "/index.html", .notFound),
      ("GET", "/events/", .notFound),
      ("GET", "//", .notFound),
      ("GET", "/../s.circles", .notFound),
      ("GET", "/favicon.ico", .notFound),
      ("GET", "", .notFound),
      ("POST", "/", .methodNotAllowed),
      ("PUT", "/events", .methodNotAllowed),
      ("get", "/", .methodNotAllowed),
    ])
  func routes(method: String, path: String, route: PreviewRoute) {
    #expect(
      PreviewRoute.of(method: method, path: path, host: "127.0.0.1:8123", port: 8123) == route)
  }

  @Test(
    "the loopback names at the server's port are accepted",
    arguments: ["127.0.0.1:8123", "localhost:8123", "LocalHost:8123", "[::1]:8123"])
  func acceptedHosts(host: String) {
    #expect(PreviewRoute.accepts(host: host, port: 8123))
    #expect(PreviewRoute.of(method: "GET", path: "/", host: host, port: 8123) == .page)
  }

  @Test(
    "any other Host is refused before the path is looked at, with 421",
    arguments: [
      "evil.example:8123", "127.0.0.1", "localhost", "127.0.0.1:8124", "127.0.0.1:812",
      "localhost.evil.example:8123", "evil.localhost:8123", "127.0.0.2:8123", "0.0.0.0:8123",
      "[::1]", "::1:8123", " 127.0.0.1:8123", "127.0.0.1:8123 ", "127.0.0.1:08123", "",
    ])
  func refusedHosts(host: String) {
    #expect(!PreviewRoute.accepts(host: host, port: 8123))
    let route = PreviewRoute.of(method: "GET", path: "/nothing", host: host, port: 8123)
    #expect(route == .misdirected)
    #expect(route.status == 421)
  }

  @Test(
    "at port 80 the loopback names are accepted without the port, as browsers send them",
    arguments: ["127.0.0.1", "localhost", "[::1]", "127.0.0.1:80", "LOCALHOST:80"])
  func defaultPort(host: String) {
    #expect(PreviewRoute.accepts(host: host, port: 80))
    #expect(
      !PreviewRoute.accepts(host: host.split(separator: ":").first.map(String.init), port: 8080))
  }

  @Test("a request without a Host header is refused")
  func noHost() {
    #expect(PreviewRoute.of(method: "GET", path: "/", host: nil, port: 8123) == .misdirected)
  }

  @Test("status codes and refusals")
  func statuses() {
    #expect(PreviewRoute.page.status == 200)
    #expect(PreviewRoute.events.status == 200)
    #expect(PreviewRoute.notFound.status == 404)
    #expect(PreviewRoute.methodNotAllowed.status == 405)
    #expect(
      PreviewRoute.notFound.refusal(by: "circles preview")
        == "not found: circles preview serves the page at / only\n")
    #expect(PreviewRoute.page.refusal(by: "circles preview").isEmpty)
  }

  @Test("a POST to a declared action is that action; another method there, or none declared, 405")
  func actions() {
    let host = "127.0.0.1:8123"
    let declared: Set<String> = ["accept", "reject"]
    #expect(
      PreviewRoute.of(method: "POST", path: "/accept", host: host, port: 8123, actions: declared)
        == .action("accept"))
    #expect(
      PreviewRoute.of(method: "POST", path: "/reject", host: host, port: 8123, actions: declared)
        == .action("reject"))
    for method in ["GET", "HEAD", "PUT"] {
      #expect(
        PreviewRoute.of(method: method, path: "/accept", host: host, port: 8123, actions: declared)
          == .methodNotAllowed)
    }
    #expect(
      PreviewRoute.of(method: "POST", path: "/accept", host: host, port: 8123) == .methodNotAllowed)
    #expect(
      PreviewRoute.of(method: "POST", path: "/other", host: host, port: 8123, actions: declared)
        == .methodNotAllowed)
    #expect(
      PreviewRoute.of(
        method: "POST", path: "/accept", host: "evil.example", port: 8123, actions: declared)
        == .misdirected)
    #expect(
      PreviewRoute.methodNotAllowed.refusal(by: "circles review")
        == "method not allowed: circles review answers GET and HEAD, and POST to its actions only\n"
    )
  }

  @Test("a server's pictures are /images/<n>.png, when it serves them; any other name is not found")
  func images() {
    let host = "127.0.0.1:8123"
    func route(_ path: String, serves: Bool = true, method: String = "GET") -> PreviewRoute {
      PreviewRoute.of(method: method, path: path, host: host, port: 8123, servesImages: serves)
    }
    #expect(route("/images/0.png") == .image(0))
    #expect(route("/images/42.png", method: "HEAD") == .image(42))
    #expect(route("/images/42.png", serves: false) == .notFound)
    for path in [
      "/images/.png", "/images/-1.png", "/images/1", "/images/1.jpg", "/images/../1.png",
      "/images/1/2.png", "/images/1234567890.png", "/images/١.png", "/images/+1.png",
    ] {
      #expect(route(path) == .notFound, "\(path)")
    }
    #expect(route("/images/1.png", method: "POST") == .methodNotAllowed)
  }

  @Test("the events as the stream carries them")
  func events() {
    #expect(PreviewEvent.version(7).text == "retry: 300\nevent: version\ndata: 7\n\n")
    #expect(PreviewEvent.keepAlive.text == ": keep-alive\n\n")
  }
}
