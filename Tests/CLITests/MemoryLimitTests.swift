import CirclesTestSupport
import Foundation
import Testing

/// `circles run` and `circles check` in an address space too small to encode their frames: the
/// 8000×8000 picture is drawn (256 MB), but its PNG scanlines (192 MB) cannot be had within
/// 512 MiB. The encoder's shortage is an error at the command, exit 2, never a trap.
///
/// A binary built with a sanitizer reserves terabytes of address space and cannot start under
/// `ulimit -v`, so `scripts/test-sanitizers` leaves these tests (and `circles diff`'s) to the
/// plain suite.
@Suite("Frames too large for the memory left")
struct MemoryLimitTests {
  static let script = "canvas 8000x8000\nadd a at 100,100 r 50 fill red\n"

  static let error = """
    big.circles:2:1: error: cannot write frame '0000-start': not enough memory to encode a \
    8000×8000 PNG file
    add a at 100,100 r 50 fill red
    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

    """

  @Test(
    "an allocation the encoder cannot make is a located error with exit 2",
    arguments: [
      (["run", "big.circles", "-o", "out"], ""),
      (["check", "big.circles"], "checked 0 scripts, 0 frames: 0 passed\n"),
    ])
  func encoderShortage(arguments: [String], stdout: String) throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "big.circles")
    let outcome = try DiffCommandTests.run(limitedTo: 512 << 10, arguments, in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stdout == stdout, "\(outcome)")
    #expect(outcome.stderr == Self.error, "\(outcome)")
    #expect(!folder.allFiles(in: ".").contains { $0.hasSuffix(".png") || $0.hasSuffix(".tmp") })
  }
}
