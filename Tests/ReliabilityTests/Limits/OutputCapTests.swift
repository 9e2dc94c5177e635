import CirclesTestSupport
import Foundation
import Testing

/// What a run may write is bounded, in frames and in bytes: exactly the bound passes, one more
/// stops the script at the command that would go over, saying how to raise the bound.
@Suite("A run's frames and bytes are capped")
struct OutputCapTests {
  /// The start, `a` added, then `moves` frames of `move a by 0,0` in a loop that could run
  /// for ever; or the same with a `render` at the end.
  static func script(moves: Int, render: Bool = false) -> String {
    "canvas 8x8\nadd a at 1,1 r 1\nrepeat \(moves) {\n  move a by 0,0\n}\n"
      + (render ? "render last.png\n" : "")
  }

  @Test("--max-frames: as many frames as the bound passes, one more is an error at its command")
  func frames() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script(moves: 3), to: "five.circles")
    let exact = try await Executable.run(
      ["run", "five.circles", "-o", "exact", "--max-frames", "5"], in: folder.url)
    #expect(exact.status == 0, "\(exact)")
    #expect(folder.files(in: "exact").count == 5)
    try folder.write(Self.script(moves: 2_147_483_647), to: "endless.circles")
    let over = try await Executable.run(
      ["run", "endless.circles", "-o", "over", "--max-frames", "5"], in: folder.url)
    #expect(over.status == 2, "\(over)")
    #expect(
      over.stdout
        == "run stopped by the error at line 4 after 5 frames, written to over (1 circle, \(Self.seconds(over.stdout)))\n"
    )
    #expect(
      over.stderr == """
        endless.circles:4:3: error: the run would write more than 5 frames; raise the limit \
        with --max-frames <n> (0 for none)
          move a by 0,0
          ^~~~~~~~~~~~~
        endless.circles:3:1: note: in iteration 4 of this repeat

        """)
    #expect(folder.files(in: "over").count == 5)
  }

  @Test("--max-bytes: exactly the bytes of the run passes, one byte fewer stops at the render")
  func bytes() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script(moves: 2, render: true), to: "s.circles")
    let free = try await Executable.run(["run", "s.circles", "-o", "free"], in: folder.url)
    #expect(free.status == 0, "\(free)")
    let files = folder.allFiles(in: "free").filter { !$0.hasPrefix(".") }
    #expect(files.count == 5)
    let total = try files.reduce(0) { sum, name in
      let path = folder.url.appendingPathComponent("free/\(name)").path
      let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
      return sum + size
    }
    let exact = try await Executable.run(
      ["run", "s.circles", "-o", "exact", "--max-bytes", "\(total)"], in: folder.url)
    #expect(exact.status == 0, "\(exact)")
    #expect(folder.allFiles(in: "exact") == folder.allFiles(in: "free"))
    let over = try await Executable.run(
      ["run", "s.circles", "-o", "over", "--max-bytes", "\(total - 1)"], in: folder.url)
    #expect(over.status == 2, "\(over)")
    #expect(
      over.stderr.hasPrefix(
        """
        s.circles:6:1: error: the run would write more than \(total - 1) bytes; raise the \
        limit with --max-bytes <n> (0 for none)
        render last.png
        ^~~~~~~~~~~~~~~
        """), "\(over)")
    #expect(!folder.allFiles(in: "over").contains("last.png"))
  }

  @Test("a bound that is not a whole number ≥ 0 is a command-line error", arguments: ["-1", "x"])
  func badBound(value: String) async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script(moves: 1), to: "s.circles")
    for option in ["--max-frames", "--max-bytes"] {
      let outcome = try await Executable.run(["run", "s.circles", option, value], in: folder.url)
      #expect(outcome.status == 2)
      #expect(
        outcome.stderr == """
          circles: error: \(option) takes a whole number ≥ 0, not '\(value)'
          Run 'circles run --help' for its usage.

          """)
    }
  }

  /// The timing at the end of a summary line, `0.03 s`.
  static func seconds(_ line: String) -> String {
    guard let open = line.lastIndex(of: ","), let close = line.lastIndex(of: ")") else { return "" }
    return String(line[line.index(open, offsetBy: 2)..<close])
  }
}
