import CirclesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `circles run --watch` stopped with Ctrl-C (SIGINT) while it writes a frame: it ends on the
/// signal, and the frame's temporary file is gone.
///
/// The moment is caught, not hoped for: the folder is watched until a temporary file appears,
/// the process is frozen (SIGSTOP) while the file is still there, SIGINT is sent, and the
/// process is let go (SIGCONT), so the signal lands while the write is under way.
@Suite("Watches stopped with Ctrl-C")
struct InterruptedRunTests {
  /// Large, busy frames, so that each write takes a moment.
  static let script: String = {
    var lines = ["canvas 1600x1200 background #102030"]
    for index in 0..<400 {
      let fill = String(format: "#%02x%02xc8", index * 7 % 256, index * 13 % 256)
      lines.append(
        "add at \(index * 37 % 1600),\(index * 23 % 1200) r \(8 + index % 40) fill \(fill) "
          + "stroke black width 2")
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  /// The temporary files in a folder.
  static func temporaryFiles(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".tmp") }
  }

  /// Freezes the process while a temporary file of it is in the folder; false if none was
  /// caught before the deadline.
  static func freezeMidWrite(_ process: Process, folder: URL) -> Bool {
    let deadline = Date().addingTimeInterval(60)
    while process.isRunning, Date() < deadline {
      guard !temporaryFiles(in: folder).isEmpty else { continue }
      kill(process.processIdentifier, SIGSTOP)
      if !temporaryFiles(in: folder).isEmpty { return true }
      kill(process.processIdentifier, SIGCONT)
    }
    return false
  }

  /// Runs `circles` with `arguments` on `busy.circles` in a new folder, sends SIGINT while a
  /// write into `watched` (below the folder) is under way, and checks that the process ended
  /// on the signal with no temporary file left there.
  static func interruptMidWrite(_ arguments: [String], watching watched: String) throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "busy.circles")
    let out = folder.url.appendingPathComponent(watched)
    let process = Process()
    process.executableURL = try Executable.url
    process.arguments = arguments
    process.currentDirectoryURL = folder.url
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    try #require(Self.freezeMidWrite(process, folder: out), "no write was caught under way")
    kill(process.processIdentifier, SIGINT)
    kill(process.processIdentifier, SIGCONT)
    let deadline = Date().addingTimeInterval(20)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    try #require(!process.isRunning, "circles did not end on SIGINT")
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGINT)
    #expect(Self.temporaryFiles(in: out) == [])
  }

  @Test(
    "SIGINT during the write of a frame ends the watch and leaves no temporary file",
    .timeLimit(.minutes(2)), arguments: 0..<3)
  func interruptMidWrite(attempt: Int) throws {
    try Self.interruptMidWrite(["run", "busy.circles", "--watch", "-o", "out"], watching: "out")
  }
}
