import CirclesTestSupport
import Foundation
import Testing

/// `circles check` stopped with Ctrl-C (SIGINT) while it writes a failure image: it ends on the
/// signal, and the image's temporary file is gone. The moment is caught as for a watch
/// (`InterruptedRunTests`): the process is frozen while its temporary file is in the folder.
@Suite("Checks stopped with Ctrl-C")
struct InterruptedCheckTests {
  @Test(
    "SIGINT during the write of an artifact ends the check and leaves no temporary file",
    arguments: 0..<3)
  func interruptMidWrite(attempt: Int) async throws {
    // No goldens: the actual image of every frame is written to the artifacts folder.
    try await InterruptedRunTests.interruptMidWrite(
      ["check", "busy.circles"], watching: ".circles-artifacts/busy")
  }
}
