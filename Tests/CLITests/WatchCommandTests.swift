import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

/// A `circles` process left running in the background, its output captured in files.
final class BackgroundRun {
  let process = Process()
  let output: URL
  private let handle: FileHandle

  init(_ arguments: [String], in folder: URL) throws {
    output = folder.appendingPathComponent(".watch-output")
    FileManager.default.createFile(atPath: output.path, contents: nil)
    handle = try FileHandle(forWritingTo: output)
    process.executableURL = try Executable.url
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
  }

  deinit {
    stop()
  }

  /// Everything printed so far, standard output and standard error mixed.
  var text: String {
    String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
  }

  /// Ends the process: SIGTERM, as Ctrl-C or a service manager would, then SIGKILL if it is
  /// still there after five seconds.
  func stop() {
    if process.isRunning {
      process.terminate()
      let ended = wait(for: .seconds(5)) { !process.isRunning }
      if !ended { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
    try? handle.close()
  }

  /// Waits up to `limit` for a condition, checking every 50 ms.
  func wait(for limit: Duration = .seconds(15), until condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return condition()
  }
}

@Suite("circles run --watch, end to end")
struct WatchCommandTests {
  @Test("an edit of the script is picked up within seconds; only changed frames are rewritten")
  func watch() throws {
    let folder = try TemporaryFolder()
    let script = """
      canvas 40x40
      add a at 10,10 radius 5 fill red
      add b at 30,30 radius 5 fill blue
      """
    try folder.write(script, to: "w.circles")
    let run = try BackgroundRun(["run", "w.circles", "-o", "out", "--watch"], in: folder.url)
    let first = run.wait { run.text.contains("3 frames in out: 3 rewritten") }
    #expect(first, "\(run.text)")
    let frame = { (name: String) in
      FileStamp.of(folder.url.appendingPathComponent("out/" + name))?.inode
    }
    let before = ["0000-start.png", "0001-add-a.png", "0002-add-b.png"].map(frame)

    try folder.write(
      script.replacingOccurrences(of: "fill blue", with: "fill green") + "\nclear\n",
      to: "w.circles")
    let second = run.wait { run.text.contains("4 frames in out: 2 rewritten") }
    #expect(second, "\(run.text)")
    let after = ["0000-start.png", "0001-add-a.png", "0002-add-b.png"].map(frame)
    #expect(after[0] == before[0] && after[1] == before[1])
    #expect(after[2] != before[2])
    #expect(folder.files(in: "out").last == "0003-clear.png")
    #expect(run.process.isRunning, "watching goes on until stopped")
    run.process.terminate()
    #expect(run.wait(for: .seconds(5)) { !run.process.isRunning }, "SIGTERM ends the watch")
    run.stop()
  }

  @Test(
    "watching standard input, or giving --watch a value, is a usage error",
    arguments: [
      (["run", "-", "--watch"], "circles: error: --watch needs a script file, not standard input"),
      (["run", "w.circles", "--watch=yes"], "circles: error: --watch takes no value"),
    ])
  func usage(arguments: [String], message: String) throws {
    let folder = try TemporaryFolder()
    let outcome = try Executable.run(arguments, in: folder.url)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.hasPrefix(message), "\(outcome)")
  }
}
