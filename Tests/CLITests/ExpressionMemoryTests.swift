import CirclesTestSupport
import Foundation
import Testing

/// One `let` of a million operations (2 MB), in an address space a hundred times its size:
/// reading it takes tens of bytes per byte of script, and nesting too deep is a located error,
/// never a stack overflow.
///
/// Like `MemoryLimitTests`, these run the binary under `ulimit -v`, which a sanitizer build
/// cannot start under.
@Suite("Long expressions in bounded memory")
struct ExpressionMemoryTests {
  /// An address space of 360 MiB: the binary alone maps about 150 (libmicrohttpd brings
  /// GnuTLS's libraries, libarchive libxml2 and ICU's data), and each thread's malloc arena may
  /// reserve 64 more; the spaced script below needs 350. Reading each script took over 300 MiB
  /// more when every token of an expression was kept.
  static let limit = 360 << 10

  @Test(
    "a let of 2 MB of factors runs within the limit, written tight or spaced",
    .timeLimit(.minutes(10)),
    arguments: [("*", 1_000_000), (" * ", 500_000)])
  func longLet(separator: String, factors: Int) async throws {
    let folder = try TemporaryFolder()
    let expression = Array(repeating: "1", count: factors).joined(separator: separator)
    try folder.write("let x = \(expression)\nexpect count 0\n", to: "long.circles")
    let outcome = try await DiffCommandTests.run(
      limitedTo: Self.limit, ["run", "long.circles", "--frames", "none"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "", "\(outcome)")
    #expect(outcome.stdout.hasPrefix("no frames written (--frames none; 0 circles, "))
  }

  @Test("100,000 nested parentheses are an error at the first too many", .timeLimit(.minutes(10)))
  func deepParentheses() async throws {
    let folder = try TemporaryFolder()
    let depth = 100_000
    let nested = String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
    try folder.write("let x = \(nested)\n", to: "deep.circles")
    let outcome = try await DiffCommandTests.run(
      limitedTo: Self.limit, ["run", "deep.circles", "--frames", "none"], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(
      outcome.stderr.hasPrefix(
        "deep.circles:1:110: error: expression nested too deeply; at most 100 levels are allowed\n"),
      "\(outcome)")
  }
}
