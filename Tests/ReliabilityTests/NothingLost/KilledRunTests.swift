import CircleRender
import CirclesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `circles run` killed with SIGKILL at random moments leaves only whole frames, and a later run
/// into the same folder never takes a leftover temporary file for a frame.
@Suite("Runs killed midway")
struct KilledRunTests {
  /// A script of `frames - 1` changes on a canvas large enough that each frame takes a moment.
  static func script(frames: Int) -> String {
    var lines = ["canvas 400x300 background #f0f0e8"]
    for index in 0..<(frames - 1) {
      let x = index * 37 % 400
      let y = index * 23 % 300
      let colour = String(format: "#%02x%02x%02x", index * 7 % 256, index * 13 % 256, 200)
      lines.append(
        "add at \(x),\(y) r \(8 + index % 40) fill \(colour) stroke black width 2 opacity 0.8")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Starts `circles run` and kills it after `delay` seconds; returns whether it was still
  /// running when killed.
  static func runAndKill(in folder: URL, after delay: Double) async throws -> Bool {
    let process = try Executable.start(["run", "long.circles", "-o", "out"], in: folder)
    return await process.kill(after: .seconds(delay))
  }

  /// The seconds a complete run of `arguments` takes, so that kills land within it however fast
  /// the build is.
  static func duration(of arguments: [String], in folder: TemporaryFolder) async throws -> Double {
    // Timed from the start of the program to its end, on a thread of its own, not from a wait
    // for its turn (`Executable.run`) to the moment a test's task hears of the end.
    let start = ContinuousClock.now
    let process = try Executable.start(arguments, in: folder.url)
    let elapsed = await onThreadOfItsOwn {
      while process.isRunning { usleep(1000) }
      return ContinuousClock.now - start
    }
    let outcome = await process.outcome()
    #expect(outcome.status == 0, "\(outcome)")
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  @Test("every PNG left by a killed run decodes; a new run leaves exactly its frames")
  func killAtRandomMoments() async throws {
    let frames = 300
    let folder = try TemporaryFolder()
    try folder.write(Self.script(frames: frames), to: "long.circles")
    let out = folder.url.appendingPathComponent("out")
    let full = try await Self.duration(of: ["run", "long.circles", "-o", "timing"], in: folder)
    var random = SeededGenerator(seed: 5)
    var killedMidway = 0
    for _ in 0..<6 {
      let delay = full * Double.random(in: 0.05...0.9, using: &random)
      if try await Self.runAndKill(in: folder.url, after: delay) { killedMidway += 1 }
      for name in folder.files(in: "out") where !name.hasPrefix(".") {
        let data = try Data(contentsOf: out.appendingPathComponent(name))
        #expect(throws: Never.self, "\(name) after a kill at \(delay) s") {
          _ = try PNGCodec.decode(data)
        }
      }
    }
    #expect(killedMidway > 0, "no run was still going when killed; the script is too short")
    // Whatever the kills left, a complete run leaves exactly its frames as visible files.
    let outcome = try await Executable.run(["run", "long.circles", "-o", "out"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    let visible = folder.files(in: "out").filter { !$0.hasPrefix(".") }
    #expect(visible.count == frames)
    #expect(visible.first == "0000-start.png")
    #expect(visible.allSatisfy { $0.hasSuffix(".png") && $0.first!.isNumber })
    for name in visible {
      _ = try PNGCodec.decode(try Data(contentsOf: out.appendingPathComponent(name)))
    }
  }
}

/// `circles check --record` killed midway leaves only whole goldens, and a leftover temporary
/// file is neither a golden nor an orphan.
@Suite("Recordings killed midway")
struct KilledRecordTests {
  @Test("every golden left by a killed recording decodes; the next check is clean")
  func killRecording() async throws {
    let frames = 120
    let folder = try TemporaryFolder()
    try folder.write(KilledRunTests.script(frames: frames), to: "long.circles")
    let goldens = folder.url.appendingPathComponent("__snapshots__/long")
    try folder.write(KilledRunTests.script(frames: frames), to: "timing.circles")
    let full = try await KilledRunTests.duration(
      of: ["check", "timing.circles", "--record", "all"], in: folder)
    var random = SeededGenerator(seed: 11)
    var killedMidway = 0
    for _ in 0..<4 {
      let process = try Executable.start(
        ["check", "long.circles", "--record", "all"], in: folder.url)
      let delay = full * Double.random(in: 0.05...0.9, using: &random)
      if await process.kill(after: .seconds(delay)) { killedMidway += 1 }
      for name in folder.files(in: "__snapshots__/long") where !name.hasPrefix(".") {
        let data = try Data(contentsOf: goldens.appendingPathComponent(name))
        #expect(throws: Never.self, "golden \(name) is damaged") { _ = try PNGCodec.decode(data) }
      }
    }
    #expect(killedMidway > 0, "no recording was still going when killed")
    let record = try await Executable.run(
      ["check", "long.circles", "--record", "missing"], in: folder.url)
    #expect(record.status == 0, "\(record)")
    let visible = folder.files(in: "__snapshots__/long").filter { !$0.hasPrefix(".") }
    #expect(visible.count == frames)
    let check = try await Executable.run(
      ["check", "long.circles", "--fail-on-orphans"], in: folder.url)
    #expect(check.status == 0, "a leftover temporary file counted as a golden: \(check)")
  }
}
