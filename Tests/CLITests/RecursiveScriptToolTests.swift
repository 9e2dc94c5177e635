import CirclesTestSupport
import Foundation
import Testing

/// `samples/nest.circles`, a procedure that calls itself, through every command that takes a
/// script: they need nothing of their own for procedures.
@Suite("A recursive script in every tool", .timeLimit(.minutes(3)))
struct RecursiveScriptToolTests {
  /// A folder holding a copy of the sample, as `nest.circles`.
  static func folder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    let sample = try String(
      contentsOf: repositoryRoot.appendingPathComponent("samples/nest.circles"), encoding: .utf8)
    try folder.write(sample, to: "nest.circles")
    return folder
  }

  @Test("run writes a frame per circle and a sheet of them")
  func runAndSheet() async throws {
    let folder = try Self.folder()
    let outcome = try await Executable.run(
      ["run", "nest.circles", "-o", "out", "--sheet", "sheet.png"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout.contains("contact sheet written to sheet.png (41 thumbnails, 7×6)"))
    let frames = folder.files(in: "out").filter { $0.hasSuffix(".png") }
    #expect(frames.count == 41)
    #expect(frames.last == "0040-add-c40.png")
  }

  @Test("history lists the forty steps, the last circle first")
  func history() async throws {
    let folder = try Self.folder()
    let outcome = try await Executable.run(["history", "nest.circles"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout.hasPrefix("Undo (40 steps, most recent first):\n  Undo Add c40\n"))
  }

  @Test("view writes the page of all 41 states")
  func view() async throws {
    let folder = try Self.folder()
    let outcome = try await Executable.run(
      ["view", "nest.circles", "-o", "page.html"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    let page = try String(
      contentsOf: folder.url.appendingPathComponent("page.html"), encoding: .utf8)
    #expect(page.contains("0040-add-c40"))
  }

  @Test("check passes against the sample's goldens, in CI")
  func check() async throws {
    let outcome = try await Executable.run(
      ["check", "samples/nest.circles"], in: repositoryRoot, environment: ["CI": "true"])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout.contains("41 frames: 41 passed"))
  }

  @Test("preview serves it")
  func preview() async throws {
    let folder = try Self.folder()
    let preview = try await RunningPreview.start(["nest.circles", "--port", "0"], in: folder.url)
    #expect(preview.lines.last == "page 1: 41 states")
    #expect(try await preview.page().contains("nest.circles"))
    preview.program.signal(SIGINT)
    let outcome = try #require(await preview.program.outcome(within: .seconds(60)))
    #expect(outcome.status == 0, "\(outcome)")
  }
}
