import CirclesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every single-file output pointed at a named pipe, a link to one or a folder: a pipe (or a
/// device) is written through and stays what it was, a folder is refused with exit 2.
@Suite("single-file outputs at pipes, links and folders")
struct DeviceOutputTests {
  /// One kind of output: its file name, the command that writes it there, what the command
  /// reads on standard input, its exit status and how the written bytes begin.
  struct Output: CustomTestStringConvertible, Sendable {
    var name: String
    var file: String
    var arguments: @Sendable (String) -> [String]
    var input: @Sendable (String) -> String = { _ in "" }
    var status: Int32
    var start: [UInt8]
    var testDescription: String { name }
  }

  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

  static let outputs: [Output] = [
    Output(
      name: "--junit", file: "j.xml", arguments: { ["check", "s.circles", "--junit", $0] },
      status: 0, start: Array("<?xml".utf8)),
    Output(
      name: "--report", file: "r.html", arguments: { ["check", "s.circles", "--report", $0] },
      status: 0, start: Array("<!DOCTYPE html>".utf8)),
    Output(
      name: "view -o", file: "v.html", arguments: { ["view", "s.circles", "-o", $0] }, status: 0,
      start: Array("<!DOCTYPE html>".utf8)),
    Output(
      name: "run --animation", file: "a.png",
      arguments: { ["run", "s.circles", "-o", "out", "--animation", $0] }, status: 0, start: png),
    Output(
      name: "run --sheet", file: "s.png",
      arguments: { ["run", "s.circles", "-o", "out", "--sheet", $0] }, status: 0, start: png),
    Output(
      name: "diff -o", file: "d.png",
      arguments: { ["diff", "frames/0000-start.png", "frames/0001-add-a.png", "-o", $0] },
      status: 1, start: png),
    Output(
      name: "repl -o", file: "live.png", arguments: { ["repl", "-o", $0] },
      input: { _ in "add a at 10,10 r 5\n" }, status: 0, start: png),
    Output(
      name: "repl :save", file: "saved.circles", arguments: { _ in ["repl"] },
      input: { "add a at 10,10 r 5\n:save \($0)\n" }, status: 0,
      start: Array("add a at 10,10 r 5\n".utf8)),
  ]

  /// A folder with a script, its goldens recorded and two frames of it for `diff`.
  static func workspace() async throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("canvas 20x20\nadd a at 10,10 r 5 fill red\n", to: "s.circles")
    let recorded = try await Executable.run(["check", "s.circles", "--record", "all"], in: folder.url)
    #expect(recorded.status == 0, "\(recorded)")
    let frames = try await Executable.run(["run", "s.circles", "-o", "frames"], in: folder.url)
    #expect(frames.status == 0, "\(frames)")
    return folder
  }

  static func kind(of url: URL) -> mode_t {
    var info = stat()
    return lstat(url.path, &info) == 0 ? info.st_mode & S_IFMT : 0
  }

  /// Runs the output's command with a reader on the pipe `pipe` of the folder, linked to from
  /// the output's file name when `linked`; checks what arrived, the exit status and the pipe.
  static func writeThrough(_ output: Output, pipe: String, linked: Bool) async throws {
    let folder = try await workspace()
    let fifo = folder.url.appendingPathComponent(pipe)
    let reader = try FIFOReader(at: fifo)
    let link = folder.url.appendingPathComponent(output.file)
    if linked {
      try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: pipe)
    }
    let outcome = try await Executable.run(
      output.arguments(output.file), in: folder.url, input: output.input(output.file))
    let received = await reader.finish()
    #expect(outcome.status == output.status, "\(outcome)")
    #expect(Array(received.prefix(output.start.count)) == output.start)
    #expect(kind(of: fifo) == S_IFIFO)
    if linked { #expect(kind(of: link) == S_IFLNK) }
  }

  @Test(
    "an output at a named pipe is written through and the pipe stays a pipe",
    .timeLimit(.minutes(5)), arguments: outputs)
  func pipe(output: Output) async throws {
    try await Self.writeThrough(output, pipe: output.file, linked: false)
  }

  @Test(
    "an output at a link to a named pipe is written through the link, which stays",
    .timeLimit(.minutes(5)), arguments: outputs)
  func linkToPipe(output: Output) async throws {
    try await Self.writeThrough(output, pipe: "pipe", linked: true)
  }

  @Test("an output at a link to the process's standard output is written to it, not over it")
  func linkToStandardOutput() async throws {
    let folder = try await Self.workspace()
    let link = folder.url.appendingPathComponent("out.xml")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "/proc/self/fd/1")
    let outcome = try await Executable.run(["check", "s.circles", "--junit", "out.xml"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    // The summary printed first is still there: the output was added to, not replaced.
    let xml = try #require(outcome.stdout.range(of: "<?xml"), "\(outcome)")
    #expect(outcome.stdout[..<xml.lowerBound].contains("checked 1 script"), "\(outcome)")
    // The file's name is echoed once it is written, as a report's is.
    #expect(outcome.stdout.hasSuffix("</testsuites>\njunit: out.xml\n"), "\(outcome)")
    #expect(Self.kind(of: link) == S_IFLNK)
  }

  @Test(
    "an output at a folder is refused with exit 2 and the folder is left as it was",
    .timeLimit(.minutes(5)), arguments: outputs)
  func folder(output: Output) async throws {
    let folder = try await Self.workspace()
    try folder.write("mine", to: "\(output.file)/keep.txt")
    let outcome = try await Executable.run(
      output.arguments(output.file), in: folder.url, input: output.input(output.file))
    #expect(outcome.status == 2, "\(outcome)")
    #expect(
      outcome.stderr.contains(
        "'\(folder.url.appendingPathComponent(output.file).path)': is a folder")
        || outcome.stderr.contains("'\(output.file)': is a folder"), "\(outcome)")
    #expect(try folder.read("\(output.file)/keep.txt") == "mine")
    #expect(folder.files(in: output.file) == ["keep.txt"])
  }
}
