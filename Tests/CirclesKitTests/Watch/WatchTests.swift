import CircleCanvas
import CircleEngine
import CircleRender
import CircleSystem
import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

extension TemporaryFolder {
  /// The inode of a file: a rewrite through `AtomicFile` gives a new one.
  func inode(_ path: String) -> UInt64? {
    FileIdentity.of(url.appendingPathComponent(path))?.inode
  }
}

@Suite("Watching and refreshing frames")
struct WatchTests {
  static let script = """
    canvas 40x40
    add a at 10,10 radius 5 fill red
    add b at 30,30 radius 5 fill blue
    move a by 2,0
    """

  @Test("a second refresh of the same script rewrites nothing; an edit rewrites what changed")
  func refreshRewritesOnlyChanges() throws {
    let folder = try TemporaryFolder()
    let refresher = FrameRefresher(
      outputDirectory: folder.url.appendingPathComponent("out"), format: .png)
    let source = { (text: String) in ScriptSource(bytes: Array(text.utf8), fileName: "s.circles") }
    let first = try refresher.refresh(source(Self.script))
    #expect(first.rewritten == 4)
    #expect(first.failure == nil)
    let names = folder.files(in: "out")
    #expect(names == ["0000-start.png", "0001-add-a.png", "0002-add-b.png", "0003-move-a.png"])
    let inodes = names.map { folder.inode("out/\($0)") }
    #expect(try refresher.refresh(source(Self.script)).rewritten == 0)
    #expect(names.map { folder.inode("out/\($0)") } == inodes)

    let edited = Self.script.replacingOccurrences(of: "fill blue", with: "fill green")
    let second = try refresher.refresh(source(edited))
    #expect(second.rewritten == 2)
    let after = names.map { folder.inode("out/\($0)") }
    #expect(after[0] == inodes[0] && after[1] == inodes[1])
    #expect(after[2] != inodes[2] && after[3] != inodes[3])
  }

  @Test("a new refresher compares bytes with the files already there; stale frames go")
  func bytesOnDisk() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    let source = ScriptSource(bytes: Array(Self.script.utf8), fileName: "s.circles")
    _ = try FrameRefresher(outputDirectory: out, format: .svg).refresh(source)
    let again = try FrameRefresher(outputDirectory: out, format: .svg).refresh(source)
    #expect(again.rewritten == 0)
    let shorter = ScriptSource(bytes: Array("canvas 40x40\n".utf8), fileName: "s.circles")
    _ = try FrameRefresher(outputDirectory: out, format: .pdf).refresh(shorter)
    #expect(folder.files(in: "out") == ["0000-start.pdf"])
  }

  @Test("the watcher calls back at once and after each change, and stops when told")
  func fileWatcher() throws {
    let folder = try TemporaryFolder()
    try folder.write("one", to: "f.txt")
    var polls = 0
    var changes: [Int?] = []
    FileWatcher(url: folder.url.appendingPathComponent("f.txt")).watch(
      until: { polls >= 6 },
      sleep: { _ in
        polls += 1
        if polls == 2 { try? folder.write("three", to: "f.txt") }
        if polls == 4 {
          try? FileManager.default.removeItem(at: folder.url.appendingPathComponent("f.txt"))
        }
        if polls == 5 { try? folder.write("again", to: "f.txt") }
      },
      onChange: { changes.append($0.map { Int($0.size) }) })
    #expect(changes == [3, 5, 5])
  }

  @Test("a round that keeps a file of the user's aside says so on standard error")
  func roundNotesSetAside() throws {
    let folder = try TemporaryFolder()
    try folder.write("add a at 1,1 r 1\n", to: "s.circles")
    try folder.write("mine", to: "out/0001-add-a.png")
    let recording = ConsoleRecording()
    let watcher = ScriptWatcher(
      scriptPath: "s.circles", scriptURL: folder.url.appendingPathComponent("s.circles"),
      refresher: FrameRefresher(
        outputDirectory: folder.url.appendingPathComponent("out"), displayPath: "out",
        format: .png),
      sheet: nil, console: recording.console,
      currentDirectory: folder.url)
    #expect(watcher.round() == 0)
    #expect(
      recording.err == "circles: note: 'out/0001-add-a.png' was not a file circles wrote: kept as "
        + "'out/0001-add-a.png.~1~'\n")
    #expect(recording.out.hasPrefix("2 frames in out: 2 rewritten "), "\(recording.out)")
    #expect(watcher.round() == 0)
    #expect(recording.err.split(separator: "\n").count == 1)
  }

  @Test("a watched script is run again after it changes; an error does not end the watch")
  func scriptWatcher() throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "s.circles")
    let recording = ConsoleRecording()
    let console = recording.console
    let watcher = ScriptWatcher(
      scriptPath: "s.circles", scriptURL: folder.url.appendingPathComponent("s.circles"),
      refresher: FrameRefresher(
        outputDirectory: folder.url.appendingPathComponent("out"), displayPath: "out",
        format: .png),
      sheet: folder.url.appendingPathComponent("sheet.png"), console: console,
      currentDirectory: folder.url)
    var polls = 0
    FileWatcher(url: folder.url.appendingPathComponent("s.circles")).watch(
      until: { polls >= 4 },
      sleep: { _ in
        polls += 1
        if polls == 1 { try? folder.write(Self.script + "\nremove zz\n", to: "s.circles") }
        if polls == 3 { try? folder.write(Self.script + "\nclear\n", to: "s.circles") }
      },
      onChange: { _ in watcher.round() })
    #expect(watcher.rounds == 3)
    let lines = recording.out.split(separator: "\n").map { String($0.prefix { $0 != "(" }) }
    #expect(
      lines == [
        "4 frames in out: 4 rewritten ", "4 frames in out: 0 rewritten ",
        "5 frames in out: 1 rewritten ",
      ])
    #expect(
      recording.err.hasPrefix("s.circles:5:8: error: no circle named 'zz'"), "\(recording.err)")
    #expect(folder.files(in: "out").last == "0004-clear.png")
    let sheet = try PNGCodec.decode(
      Data(contentsOf: folder.url.appendingPathComponent("sheet.png")))
    let layout = ContactSheet().layout(count: 5)
    #expect(sheet.width == layout.size.width && sheet.height == layout.size.height)
  }
}
