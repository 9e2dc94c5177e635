import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Debian's Chromium without a window, driven through the DevTools protocol: open a page, press
/// keys as a user would, run JavaScript, take a screenshot, and see every request it made.
///
/// Each instance is one browser process with a profile of its own in a temporary folder; it is
/// closed when the instance goes away.
public final class HeadlessChromium {
  /// The browser's executable, installed by `scripts/ensure-deps --test` when missing.
  public static var executable: URL? {
    get async { await located.value }
  }

  private static let located = Task {
    await TestProgram.locate(["/usr/bin/chromium", "/usr/bin/chromium-browser"])
  }

  /// What a test that needs the browser fails with when it cannot be found or installed.
  public static let unavailable =
    "Chromium could not be found or installed (scripts/ensure-deps --test installs Debian's chromium)"

  /// The keys `press(_:)` knows, with their Windows key codes, as DevTools wants them.
  public static let keyCodes: [String: Int] = [
    "ArrowLeft": 37, "ArrowUp": 38, "ArrowRight": 39, "ArrowDown": 40, "Home": 36, "End": 35,
    "PageUp": 33, "PageDown": 34,
  ]

  private let pipe: DevToolsPipe
  private let process: pid_t
  private let profile: TemporaryFolder
  private let session: String
  private var closed = false

  /// Starts the browser with a window of the given size and an empty page.
  public init(width: Int = 1280, height: Int = 800) async throws {
    guard let executable = await Self.executable else {
      throw DevToolsPipe.Failure(description: Self.unavailable)
    }
    profile = try TemporaryFolder()
    var toBrowser: [Int32] = [0, 0]
    var fromBrowser: [Int32] = [0, 0]
    guard Glibc.pipe(&toBrowser) == 0, Glibc.pipe(&fromBrowser) == 0 else {
      throw DevToolsPipe.Failure(
        description: "cannot make pipes: \(String(cString: strerror(errno)))")
    }
    for descriptor in toBrowser + fromBrowser { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    let arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
      "--user-data-dir=\(profile.url.path)", "--no-first-run", "--no-default-browser-check",
      "--disable-extensions", "--disable-background-networking", "--disable-sync",
      "--hide-scrollbars", "--window-size=\(width),\(height)", "about:blank",
    ]
    let pid: pid_t
    do {
      pid = try Spawn.start(
        executable, arguments, descriptors: [3: toBrowser[0], 4: fromBrowser[1]])
    } catch {
      for descriptor in toBrowser + fromBrowser { close(descriptor) }
      throw error
    }
    close(toBrowser[0])
    close(fromBrowser[1])
    process = pid
    pipe = DevToolsPipe(commands: toBrowser[1], answers: fromBrowser[0])
    do {
      session = try await Self.attach(pipe)
    } catch {
      kill(pid, SIGKILL)
      await Spawn.end(of: pid)
      throw error
    }
  }

  /// Attaches to the browser's page and turns on the events the tests read.
  ///
  /// - Returns: the page's session.
  private static func attach(_ pipe: DevToolsPipe) async throws -> String {
    let targets = try await pipe.send("Target.getTargets")["targetInfos"] as? [[String: Any]] ?? []
    guard let page = targets.first(where: { $0["type"] as? String == "page" }),
      let target = page["targetId"] as? String
    else { throw DevToolsPipe.Failure(description: "Chromium opened no page") }
    let attached = try await pipe.send(
      "Target.attachToTarget", ["targetId": target, "flatten": true])
    guard let session = attached["sessionId"] as? String else {
      throw DevToolsPipe.Failure(description: "cannot attach to Chromium's page")
    }
    for domain in ["Page", "Network", "Runtime"] {
      try await pipe.send("\(domain).enable", session: session)
    }
    return session
  }

  deinit {
    terminate()
  }

  /// Opens a page and waits until it has loaded.
  public func open(_ url: URL) async throws {
    let seen = pipe.events.count
    try await pipe.send("Page.navigate", ["url": url.absoluteString], session: session)
    _ = try await pipe.waitForEvent("Page.loadEventFired", after: seen)
  }

  /// Runs JavaScript in the page, waiting for a promise it returns.
  ///
  /// - Returns: the value, as JSON gives it (`String`, `Int`, `Double`, `Bool`, arrays, …).
  /// - Throws: the exception the script threw.
  @discardableResult
  public func evaluate(_ expression: String, timeout: Duration = .seconds(120)) async throws -> Any?
  {
    let answer = try await pipe.send(
      "Runtime.evaluate",
      ["expression": expression, "returnByValue": true, "awaitPromise": true],
      session: session, timeout: timeout)
    if let exception = answer["exceptionDetails"] as? [String: Any] {
      let detail = (exception["exception"] as? [String: Any])?["description"] ?? exception["text"]
      throw DevToolsPipe.Failure(description: "the page's script failed: \(detail ?? "")")
    }
    return (answer["result"] as? [String: Any])?["value"]
  }

  /// Waits until a JavaScript condition holds in the page (checked every 10 ms).
  ///
  /// - Throws: when it does not hold within `timeout`.
  public func wait(until condition: String, timeout: Duration = .seconds(60)) async throws {
    let milliseconds = timeout.components.seconds * 1000
    let holds = try await evaluate(
      """
      new Promise(done => {
        const end = performance.now() + \(milliseconds);
        const check = () => (\(condition)) ? done(true)
          : performance.now() > end ? done(false) : setTimeout(check, 10);
        check();
      })
      """, timeout: timeout + .seconds(10))
    guard holds as? Bool == true else {
      throw DevToolsPipe.Failure(description: "'\(condition)' did not hold in time")
    }
  }

  /// Presses and releases a key, as the keyboard would (one of `keyCodes`).
  public func press(_ key: String) async throws {
    let code = Self.keyCodes[key] ?? 0
    for type in ["rawKeyDown", "keyUp"] {
      try await pipe.send(
        "Input.dispatchKeyEvent",
        [
          "type": type, "key": key, "code": key, "windowsVirtualKeyCode": code,
          "nativeVirtualKeyCode": code,
        ], session: session)
    }
  }

  /// Clicks the left mouse button at a point of the window, in CSS pixels.
  public func click(x: Double, y: Double) async throws {
    for type in ["mousePressed", "mouseReleased"] {
      try await pipe.send(
        "Input.dispatchMouseEvent",
        ["type": type, "x": x, "y": y, "button": "left", "clickCount": 1], session: session)
    }
  }

  /// A PNG screenshot of the window.
  public func screenshot() async throws -> Data {
    let answer = try await pipe.send("Page.captureScreenshot", ["format": "png"], session: session)
    guard let text = answer["data"] as? String, let data = Data(base64Encoded: text) else {
      throw DevToolsPipe.Failure(description: "no screenshot")
    }
    return data
  }

  /// Every URL the page requested, in order.
  public var requestedURLs: [String] {
    pipe.events.filter { $0.method == "Network.requestWillBeSent" }.compactMap {
      ($0.params["request"] as? [String: Any])?["url"] as? String
    }
  }

  /// The exceptions the page's scripts threw and did not catch.
  public var exceptions: [String] {
    pipe.events.filter { $0.method == "Runtime.exceptionThrown" }.map {
      let details = $0.params["exceptionDetails"] as? [String: Any]
      let exception = details?["exception"] as? [String: Any]
      return "\(exception?["description"] ?? details?["text"] ?? "exception")"
    }
  }

  /// Asks the browser to close and leaves a thread of its own to wait for it, killing it
  /// after 30 s, so that nothing here holds a thread of the tests' pool.
  private func terminate() {
    guard !closed else { return }
    closed = true
    _ = try? pipe.post("Browser.close")
    let process = process
    Thread {
      var status: Int32 = 0
      let deadline = ContinuousClock.now + .seconds(30)
      while waitpid(process, &status, WNOHANG) == 0 {
        guard ContinuousClock.now < deadline else {
          kill(process, SIGKILL)
          Spawn.reap(process)
          return
        }
        usleep(20_000)
      }
    }.start()
  }
}
