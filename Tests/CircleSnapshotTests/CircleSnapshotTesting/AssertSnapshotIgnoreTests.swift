import CircleCanvas
import CircleRender
import CircleSnapshot
import CircleSnapshotTesting
import Foundation
import Testing

@Suite("assertSnapshot with ignored regions")
struct AssertSnapshotIgnoreTests {
  @Test("a change inside the ignore list passes; one reaching past it fails")
  func ignore() throws {
    try withTemporaryFolder { folder in
      let goldens = folder.appendingPathComponent("goldens", isDirectory: true)
      let artifacts = folder.appendingPathComponent("artifacts", isDirectory: true)
      var state = CanvasState(
        width: 24, height: 24,
        circles: [Circle(id: "sun", center: Point(x: 12, y: 12), radius: 6, fill: .black)])
      _ = verifySnapshot(
        of: state, named: "sun", record: .all, snapshotDirectory: goldens,
        artifactsDirectory: artifacts)
      state.circles[0].fill = Colour(red: 255, green: 0, blue: 0)
      #expect(
        verifySnapshot(
          of: state, named: "sun", record: RecordMode.none,
          ignore: [.init(x: 4, y: 4, width: 16, height: 16)], snapshotDirectory: goldens,
          artifactsDirectory: artifacts) == nil)
      let message = try #require(
        verifySnapshot(
          of: state, named: "sun", record: RecordMode.none,
          ignore: [.init(x: 7, y: 7, width: 10, height: 10)], snapshotDirectory: goldens,
          artifactsDirectory: artifacts))
      #expect(message.hasPrefix("snapshot 'sun' does not match its golden: "), "\(message)")
      #expect(message.contains("100 pixels in ignored regions"), "\(message)")
    }
  }
}
