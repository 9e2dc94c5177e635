import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A running `circles preview` and the address it printed.
struct RunningPreview {
  struct NoAddress: Error, CustomStringConvertible {
    var description: String
  }

  let program: RunningProgram
  let address: URL

  /// Starts `circles preview` (or another command that serves a page, `review`) with
  /// arguments in a folder and waits for its address and first page.
  static func start(
    _ arguments: [String], in folder: URL, environment: [String: String] = [:],
    command: String = "preview"
  ) async throws -> RunningPreview {
    let program = try Executable.start(
      [command] + arguments, in: folder, environment: environment)
    var address: URL?
    _ = await eventually {
      address = program.stdout.split(separator: "\n").first.flatMap { line in
        line.split(separator: " ").last.flatMap { URL(string: String($0)) }
      }
      return (address != nil && program.stdout.contains("\npage 1: ")) || !program.isRunning
    }
    guard let address else {
      await program.stop()
      throw NoAddress(description: "no address printed: \(program.stderr)")
    }
    return RunningPreview(program: program, address: address)
  }

  /// The lines on standard output so far, each page line without the time that ends it
  /// (` (0.03 s)`); a page line without one is kept whole, so that it fails a comparison.
  var lines: [String] {
    program.stdout.split(separator: "\n").map { line in
      guard let match = line.wholeMatch(of: /(page \d+: .*) \(\d+\.\d+ s\)/) else {
        return String(line)
      }
      return String(match.1)
    }
  }

  /// The page served now.
  func page() async throws -> String {
    let (data, response) = try await URLSession.shared.data(from: address)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    return String(decoding: data, as: UTF8.self)
  }
}

@Suite("circles preview, end to end", .timeLimit(.minutes(3)))
struct PreviewCommandTests {
  static let script = """
    canvas 40x30
    add sun at 10,10 radius 5 fill gold
    move sun by 5,0

    """

  // The usage errors are pinned with every other subcommand's, in CommandUsageErrorTests.

  @Test("a script that cannot be read is an error before anything is served")
  func missingScript() async throws {
    let folder = try TemporaryFolder()
    let outcome = try await Executable.run(["preview", "nothere.circles"], in: folder.url)
    #expect(outcome.status == 2)
    #expect(
      outcome.stderr == "circles: error: cannot read 'nothere.circles': no such file or folder\n"
    )
    #expect(outcome.stdout.isEmpty)
  }

  @Test("it serves the page at the address it prints, and Ctrl-C stops it with status 0")
  func servesAndStops() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "s.circles")
    let preview = try await RunningPreview.start(["s.circles"], in: folder.url)
    #expect(preview.address.absoluteString.hasPrefix("http://127.0.0.1:"))
    #expect(preview.lines == ["previewing s.circles at \(preview.address)", "page 1: 3 states"])
    let page = try await preview.page()
    #expect(page.contains("<title>s.circles — circles view</title>"))
    #expect(page.contains("const VERSION = 1,"))
    let missing = try await URLSession.shared.data(
      from: preview.address.appendingPathComponent("s.circles"))
    #expect((missing.1 as? HTTPURLResponse)?.statusCode == 404)
    #expect(String(decoding: missing.0, as: UTF8.self).hasPrefix("not found"))

    preview.program.signal(SIGINT)
    let outcome = try #require(await preview.program.outcome(within: .seconds(60)))
    #expect(outcome.status == 0, "\(outcome)")
    #expect(!outcome.signalled)
    #expect(outcome.stderr == "press Ctrl-C to stop\nstopped serving \(preview.address)\n")
  }

  @Test("a save updates the page; an error is reported and shown; a busy port is refused")
  func updatesAndPorts() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "s.circles")
    let first = try await RunningPreview.start(["s.circles"], in: folder.url)
    let port = try #require(first.address.port)
    // A second preview of the same script, on a port of its own.
    let second = try await RunningPreview.start(["s.circles"], in: folder.url)
    #expect(second.address.port != port)
    let busy = try await Executable.run(
      ["preview", "s.circles", "--port", "\(port)"], in: folder.url)
    #expect(busy.status == 2)
    #expect(
      busy.stderr == "circles: error: cannot listen on 127.0.0.1:\(port): the port is in use "
        + "(choose another with --port, or 0 for a free one)\n", "\(busy)")

    try folder.save(Self.script + "remove moon\n", to: "s.circles")
    for preview in [first, second] {
      let updated = await eventually {
        preview.program.stdout.contains("page 2:") && preview.program.stderr.contains("moon")
      }
      #expect(updated, "\(preview.program.stdout)")
      #expect(preview.lines.last == "page 2: 3 states, stopped at an error")
      #expect(
        preview.program.stderr.contains(
          "s.circles:4:8: error: no circle named 'moon'\nremove moon\n       ^~~~\n"))
      let page = try await preview.page()
      #expect(page.contains("const VERSION = 2,"))
      #expect(page.contains("class=\"diagnostic\""))
      #expect(preview.program.isRunning, "an error does not end the preview")
    }
    for preview in [first, second] {
      preview.program.signal(SIGINT)
      #expect(await preview.program.outcome(within: .seconds(60))?.status == 0)
    }
    let again = try await RunningPreview.start(["s.circles", "--port", "\(port)"], in: folder.url)
    #expect(again.address.port == port, "the port is free again once stopped")
    again.program.signal(SIGINT)
    #expect(await again.program.outcome(within: .seconds(60))?.status == 0)
  }

  @Test("--open hands the address to the desktop's opener, or says there is none")
  func opens() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "s.circles")
    let bin = folder.url.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let opened = folder.url.appendingPathComponent("opened.txt")
    let opener = try folder.write(
      "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(opened.path)'\n", to: "bin/xdg-open")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
    let preview = try await RunningPreview.start(
      ["s.circles", "--open"], in: folder.url, environment: ["PATH": bin.path])
    let handed = await eventually {
      (try? String(contentsOf: opened, encoding: .utf8)) == "\(preview.address)\n"
    }
    #expect(
      handed,
      "the opener was given \((try? String(contentsOf: opened, encoding: .utf8)) ?? "nothing")")
    preview.program.signal(SIGINT)
    #expect(await preview.program.outcome(within: .seconds(60))?.status == 0)

    let empty = folder.url.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let alone = try await RunningPreview.start(
      ["s.circles", "--open"], in: folder.url, environment: ["PATH": empty.path])
    let noted = await eventually { alone.program.stderr.contains("note:") }
    #expect(noted)
    #expect(
      alone.program.stderr.contains(
        "circles: note: no 'xdg-open' to open the page with; open \(alone.address) in a browser\n"),
      "\(alone.program.stderr)")
    #expect(alone.program.isRunning, "the preview goes on without a browser")
    alone.program.signal(SIGINT)
    #expect(await alone.program.outcome(within: .seconds(60))?.status == 0)
  }
}
