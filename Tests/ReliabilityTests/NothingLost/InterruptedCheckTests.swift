import CirclesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `circles check` stopped with Ctrl-C (SIGINT) while it writes a failure image: it ends on the
/// signal, and the image's temporary file is gone. The moment is caught as for a watch
/// (`InterruptedRunTests`): the process is frozen while its temporary file is in the folder.
@Suite("Checks stopped with Ctrl-C")
struct InterruptedCheckTests {
  @Test(
    "SIGINT during the write of an artifact ends the check and leaves no temporary file",
    .timeLimit(.minutes(2)), arguments: 0..<3)
  func interruptMidWrite(attempt: Int) throws {
    let folder = try TemporaryFolder()
    try folder.write(InterruptedRunTests.script, to: "busy.circles")
    // No goldens: the actual image of every frame is written to the artifacts folder.
    let artifacts = folder.url.appendingPathComponent(".circles-artifacts/busy")
    let process = Process()
    process.executableURL = try Executable.url
    process.arguments = ["check", "busy.circles"]
    process.currentDirectoryURL = folder.url
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    try #require(
      InterruptedRunTests.freezeMidWrite(process, folder: artifacts), "no write was caught")
    kill(process.processIdentifier, SIGINT)
    kill(process.processIdentifier, SIGCONT)
    let deadline = Date().addingTimeInterval(20)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    try #require(!process.isRunning, "the check did not end on SIGINT")
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGINT)
    #expect(InterruptedRunTests.temporaryFiles(in: artifacts) == [])
  }
}
