import CircleRender
import CirclesTestSupport
import Foundation
import Testing

/// Goldens that cannot be written are errors of the check (exit 2), reported at the command
/// whose frame could not be recorded, and leave only whole files.
@Suite("Goldens that cannot be written")
struct GoldenFaultTests {
  static let script =
    (0..<40).map {
      "add c\($0) at \($0 * 7 % 300),\($0 * 13 % 200) r 30 fill #\(String(format: "%06x", $0 * 99_991 % 0xFFFFFF))"
    }
    .joined(separator: "\n") + "\n"

  @Test("a full disk: exit 2, an error at the command whose golden did not fit, whole PNGs only")
  func fullDisk() async throws {
    guard let disk = SmallDisk(.full, bytes: 64 << 10) else {
      Issue.record("no way to make a full disk here")
      return
    }
    let folder = try TemporaryFolder()
    try folder.write("canvas 300x200\n" + Self.script, to: "big.circles")
    let outcome = try await Executable.run(
      ["check", "big.circles", "--record", "--golden", disk.url.path], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stderr.contains("cannot record golden '"), "\(outcome)")
    #expect(outcome.stderr.contains("no space left on device"), "\(outcome)")
    #expect(outcome.stderr.hasPrefix("big.circles:"), "located at a command: \(outcome)")
    let goldens = disk.url.appendingPathComponent("big")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? []
    #expect(!names.isEmpty, "some goldens fit")
    for name in names {
      #expect(!name.hasPrefix("."), "a temporary file was left: \(name)")
      _ = try PNGCodec.decode(Data(contentsOf: goldens.appendingPathComponent(name)))
    }
  }

  @Test("a read-only golden folder: exit 2 with the reason")
  func readOnly() async throws {
    guard let disk = SmallDisk(.readOnly) else {
      Issue.record("no way to make an unwritable folder here")
      return
    }
    let folder = try TemporaryFolder()
    try folder.write("add at 5,5 r 4\n", to: "dot.circles")
    let outcome = try await Executable.run(
      ["check", "dot.circles", "--record", "--golden", disk.url.path], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(
      outcome.stderr.contains("read-only file system")
        || outcome.stderr.contains("permission denied"),
      "\(outcome)")
  }
}
