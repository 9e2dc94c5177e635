import CirclesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A script of a million lines through the binary: it finishes, in time proportional to its
/// length, and within a bounded amount of memory.
@Suite("A million lines through the binary")
struct LongScriptCLITests {
  /// A script of about `lines` lines that makes two frames: the start and one circle.
  static func script(lines: Int) -> String {
    "canvas 32x32\nadd a at 5,5 r 4\n"
      + String(repeating: "expect count 1\n// note\nlimit 20\n", count: lines / 3)
  }

  /// Runs `circles run` on a script; returns the seconds it took.
  static func run(lines: Int, in folder: TemporaryFolder) async throws -> Double {
    try folder.write(script(lines: lines), to: "long.circles")
    let start = ContinuousClock.now
    let outcome = try await Executable.run(["run", "long.circles", "-o", "out"], in: folder.url)
    let elapsed = ContinuousClock.now - start
    #expect(outcome.status == 0, "\(outcome)")
    #expect(folder.files(in: "out") == ["0000-start.png", "0001-add-a.png"])
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  @Test("a million lines: linear time and bounded memory")
  func millionLines() async throws {
    let folder = try TemporaryFolder()
    let small = try await Self.run(lines: 100_000, in: folder)
    let large = try await Self.run(lines: 1_000_000, in: folder)
    // Linear work gives a ratio near 10 (less, as start-up is shared); quadratic, about 100.
    #expect(large / small < 30, "100k lines: \(small) s, 1M lines: \(large) s")
    // The largest child so far, this one included: the script is 11 MB; its parsed form and
    // the run must stay within a small multiple of that.
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    let megabytes = usage.ru_maxrss / 1024
    // AddressSanitizer (scripts/test-sanitizers) adds shadow memory and a quarantine.
    let bound = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil ? 600 : 1_800
    #expect(megabytes < bound, "peak memory of a child: \(megabytes) MB")
  }
}
