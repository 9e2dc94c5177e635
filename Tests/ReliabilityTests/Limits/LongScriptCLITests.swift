import CirclesTestSupport
import Foundation
import Testing

/// A script of a million lines through the binary: it finishes, in time proportional to its
/// length, and within a bounded amount of memory.
@Suite("A million lines through the binary")
struct LongScriptCLITests {
  /// A script of about `lines` lines that makes two frames: the start and one circle.
  static func script(lines: Int) -> String {
    "canvas 32x32\nadd a at 5,5 r 4\n"
      + String(repeating: "expect count 1\n// note\nlimit 20\n", count: lines / 3)
  }

  /// Runs `circles run` on a script with at most `kilobytes` of data (`ulimit -d`: the memory
  /// the process writes, not the allocator's reservations, which vary with the machine's
  /// load); returns the seconds it took.
  static func run(lines: Int, kilobytes: Int, in folder: TemporaryFolder) async throws -> Double {
    try folder.write(script(lines: lines), to: "long.circles")
    let start = ContinuousClock.now
    let outcome = try await Executable.run(
      program: URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "ulimit -d \(kilobytes); exec \"$0\" \"$@\"", try Executable.url.path, "run",
        "long.circles", "-o", "out",
      ],
      in: folder.url, environment: ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"])
    let elapsed = ContinuousClock.now - start
    #expect(outcome.status == 0, "\(outcome)")
    #expect(folder.files(in: "out") == ["0000-start.png", "0001-add-a.png"])
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  @Test("a million lines: linear time and bounded memory")
  func millionLines() async throws {
    let folder = try TemporaryFolder()
    // The script is 11 MB; its parsed form and the run stay within a small multiple of that:
    // 600 MB of data. (scripts/test-sanitizers skips this test: a sanitized binary cannot start
    // under a data limit.)
    let bound = 600_000
    let small = try await Self.run(lines: 100_000, kilobytes: bound, in: folder)
    let large = try await Self.run(lines: 1_000_000, kilobytes: bound, in: folder)
    // Linear work gives a ratio near 10 (less, as start-up is shared); quadratic, about 100.
    #expect(large / small < 30, "100k lines: \(small) s, 1M lines: \(large) s")
  }
}
