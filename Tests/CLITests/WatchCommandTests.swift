import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

@Suite("circles run --watch, end to end")
struct WatchCommandTests {
  @Test("an edit of the script is picked up within seconds; only changed frames are rewritten")
  func watch() async throws {
    let folder = try TemporaryFolder()
    let script = """
      canvas 40x40
      add a at 10,10 radius 5 fill red
      add b at 30,30 radius 5 fill blue
      """
    try folder.write(script, to: "w.circles")
    let run = try Executable.start(
      ["run", "w.circles", "-o", "out", "--watch"], in: folder.url, capture: .together)
    let first = await eventually { run.stdout.contains("3 frames in out: 3 rewritten") }
    #expect(first, "\(run.stdout)")
    let frame = { (name: String) -> UInt64? in
      let path = folder.url.appendingPathComponent("out/" + name).path
      return (try? FileManager.default.attributesOfItem(atPath: path))?[.systemFileNumber]
        as? UInt64
    }
    let before = ["0000-start.png", "0001-add-a.png", "0002-add-b.png"].map(frame)

    try folder.save(
      script.replacingOccurrences(of: "fill blue", with: "fill green") + "\nclear\n",
      to: "w.circles")
    let second = await eventually { run.stdout.contains("4 frames in out: 2 rewritten") }
    #expect(second, "\(run.stdout)")
    let after = ["0000-start.png", "0001-add-a.png", "0002-add-b.png"].map(frame)
    #expect(after[0] == before[0] && after[1] == before[1])
    #expect(after[2] != before[2])
    #expect(folder.files(in: "out").last == "0003-clear.png")
    #expect(run.isRunning, "watching goes on until stopped")
    run.signal(SIGTERM)
    #expect(await run.outcome(within: .seconds(60)) != nil, "SIGTERM ends the watch")
    await run.stop()
  }

  @Test(
    "watching standard input, or giving --watch a value, is a usage error",
    arguments: [
      (["run", "-", "--watch"], "circles: error: --watch needs a script file, not standard input"),
      (["run", "w.circles", "--watch=yes"], "circles: error: --watch takes no value"),
    ])
  func usage(arguments: [String], message: String) async throws {
    let folder = try TemporaryFolder()
    let outcome = try await Executable.run(arguments, in: folder.url)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.hasPrefix(message), "\(outcome)")
  }
}
