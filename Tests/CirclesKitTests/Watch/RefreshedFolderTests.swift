import CircleRender
import CircleSystem
import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

@testable import CircleEngine

@Suite("The output folder of a watch", .timeLimit(.minutes(5)))
struct RefreshedFolderTests {
  @Test("a refresh holds the folder's lock only while it runs")
  func refreshLocksPerRound() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    let refresher = FrameRefresher(outputDirectory: out, displayPath: "out", format: .png)
    _ = try refresher.refresh(ScriptSource(bytes: Array("add a at 1,1 r 1\n".utf8), fileName: "s"))
    var waited = false
    let next = try FrameFolder(opening: out, displayPath: "out") { _ in waited = true }
    #expect(!waited)
    try next.finish()
  }

  @Test("a file of the user's holding a frame's very bytes is kept aside, never taken for one")
  func sameBytesNotAdopted() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    let source = ScriptSource(bytes: Array("add a at 1,1 r 1\n".utf8), fileName: "s")
    _ = try FrameRefresher(outputDirectory: out, displayPath: "out", format: .png).refresh(source)
    // A copy of the frame, under its name, made by the user: not circles' file.
    let frame = out.appendingPathComponent("0001-add-a.png")
    let bytes = try Data(contentsOf: frame)
    try FileManager.default.removeItem(at: frame)
    try bytes.write(to: frame)
    let refresher = FrameRefresher(outputDirectory: out, displayPath: "out", format: .png)
    let result = try refresher.refresh(source)
    #expect(result.setAside == [SetAsideFile(name: "0001-add-a.png", keptAs: "0001-add-a.png.~1~")])
    #expect(result.rewritten == 1)
    #expect(try Data(contentsOf: out.appendingPathComponent("0001-add-a.png.~1~")) == bytes)
    // The refresher's own frame is kept from then on.
    let next = try refresher.refresh(source)
    #expect(next.setAside == [])
    #expect(next.rewritten == 0)
  }

  @Test("a render onto a user's copy of its very bytes leaves it, and keeps it aside once changed")
  func renderCopyNotAdopted() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    func refresh(_ text: String) throws -> RefreshResult {
      try FrameRefresher(outputDirectory: out, displayPath: "out", format: .png).refresh(
        ScriptSource(bytes: Array(text.utf8), fileName: "s"))
    }
    _ = try refresh("add a at 1,1 r 1\nrender notes.png\n")
    let file = out.appendingPathComponent("notes.png")
    let bytes = try Data(contentsOf: file)
    try FileManager.default.removeItem(at: file)
    try bytes.write(to: file)
    let same = try refresh("add a at 1,1 r 1\nrender notes.png\n")
    #expect(same.setAside == [])
    #expect(FrameManifest(in: try FolderHandle(opening: out)).renders["notes.png"] == nil)
    let changed = try refresh("add a at 5,5 r 3\nrender notes.png\n")
    #expect(changed.setAside == [SetAsideFile(name: "notes.png", keptAs: "notes.png.~1~")])
    #expect(try Data(contentsOf: out.appendingPathComponent("notes.png.~1~")) == bytes)
  }

  @Test("a refresh reports a render named like a later frame at the render, and writes it not")
  func renderClash() throws {
    let folder = try TemporaryFolder()
    let refresher = FrameRefresher(
      outputDirectory: folder.url.appendingPathComponent("out"), displayPath: "out", format: .png)
    let text = "add a at 1,1 r 1\nrender 0002-add-b.png\nadd b at 2,2 r 1\n"
    let result = try refresher.refresh(ScriptSource(bytes: Array(text.utf8), fileName: "s"))
    #expect(
      result.failure?.diagnostic.description
        == "s:2:8: error: cannot render '0002-add-b.png': '0002-add-b.png' is also the file of "
        + "frame 2; choose another name")
    #expect(result.circleCount == 1)
    #expect(folder.files(in: "out") == ["0000-start.png", "0001-add-a.png"])
  }
}
