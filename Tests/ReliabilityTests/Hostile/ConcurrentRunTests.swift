import CirclesTestSupport
import Foundation
import Testing

/// Two `circles run` processes of different scripts into one folder at once: the second waits
/// for the first (saying so on standard error), so the folder ends with exactly the frames of
/// the run that finished last, byte for byte, and each run wrote all of its own.
@Suite("Two runs into one folder at once")
struct ConcurrentRunTests {
  /// A script of `count` frames whose actions name `word`, so the two runs' frames differ.
  static func script(_ word: String, frames count: Int) -> String {
    var lines = ["canvas 400x300 background #f0f0e8"]
    for index in 0..<(count - 1) {
      lines.append(
        "add \(word)\(index) at \(index * 37 % 400),\(index * 23 % 300) r \(8 + index % 40) "
          + "fill #\(String(format: "%02x", index * 7 % 256))80c0 stroke black width 2")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Starts `circles run <script> -o out` in the workspace.
  static func start(_ script: String, in space: HostileWorkspace) throws -> RunningProgram {
    try Executable.start(["run", script, "-o", "out"], in: space.work)
  }

  @Test(
    "the second run waits; the folder ends with exactly its frames and the user's files",
    arguments: [(300, 120), (240, 300)])
  func twoRuns(firstFrames: Int, secondFrames: Int) async throws {
    let space = try HostileWorkspace()
    try space.script(Self.script("first", frames: firstFrames), named: "first.circles")
    try space.script(Self.script("second", frames: secondFrames), named: "second.circles")
    // The frames of the second script alone, to compare with byte for byte.
    let alone = try await space.run(["run", "second.circles", "-o", "../alone"])
    #expect(alone.status == 0, "\(alone)")
    let user = try space.userSnapshot()

    let firstRun = try Self.start("first.circles", in: space)
    // Once the first run has written a frame it holds the folder. The second starts at once
    // from a thread of its own: a test's task may wait seconds for a thread on a busy machine.
    let frame = space.out.appendingPathComponent("0000-start.png").path
    let work = space.work
    let secondRun = try await onThreadOfItsOwn {
      let deadline = ContinuousClock.now + .seconds(120)
      while !FileManager.default.fileExists(atPath: frame), firstRun.isRunning,
        ContinuousClock.now < deadline
      {
        usleep(5000)
      }
      return Result { try Executable.start(["run", "second.circles", "-o", "out"], in: work) }
    }.get()
    // Two runs that waited for each other would hang: each may take five minutes.
    let first = try #require(await firstRun.outcome(within: .seconds(300)), "first run hangs")
    let second = try #require(await secondRun.outcome(within: .seconds(300)), "second run hangs")

    #expect(first.status == 0)
    #expect(second.status == 0)
    #expect(first.stdout.hasPrefix("\(firstFrames) frames written to out ("))
    #expect(second.stdout.hasPrefix("\(secondFrames) frames written to out ("))
    #expect(first.stderr == "")
    #expect(second.stderr == "waiting for another run of circles into 'out' to finish\n")
    let frames = space.root.files(in: "alone")
    #expect(frames.count == secondFrames)
    let now = try space.userSnapshot()
    #expect(now.changes(from: user) == [], "user files changed or gone")
    #expect(now.additions(to: user) == frames, "not exactly the second run's frames")
    for name in frames {
      #expect(
        try Data(contentsOf: space.out.appendingPathComponent(name))
          == Data(contentsOf: space.root.url.appendingPathComponent("alone/" + name)), "\(name)")
    }
  }
}
