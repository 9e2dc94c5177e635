import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

@Suite("The REPL's history file")
struct ReplHistoryTests {
  static let here = URL(fileURLWithPath: "/work/here", isDirectory: true)

  @Test(
    "where it is kept: CIRCLES_HISTORY (empty for none), else the XDG state folder, else ~",
    arguments: [
      (["HOME": "/home/ann"], "/home/ann/.local/state/circles/history"),
      (["HOME": "/home/ann", "XDG_STATE_HOME": "/state"], "/state/circles/history"),
      (
        ["HOME": "/home/ann", "XDG_STATE_HOME": "relative"],
        "/home/ann/.local/state/circles/history"
      ),
      (["HOME": "/home/ann", "CIRCLES_HISTORY": "/tmp/h"], "/tmp/h"),
      (["HOME": "/home/ann", "CIRCLES_HISTORY": "~/h"], "/home/ann/h"),
      (["HOME": "/home/ann", "CIRCLES_HISTORY": "notes/../h"], "/work/here/h"),
      (["HOME": "/home/ann", "CIRCLES_HISTORY": "~ann/h"], "/work/here/~ann/h"),
      (["HOME": "/home/ann", "CIRCLES_HISTORY": ""], nil),
      (["CIRCLES_HISTORY": "~/h"], nil),
      ([:], nil),
      (["HOME": ""], nil),
    ] as [([String: String], String?)])
  func location(environment: [String: String], path: String?) {
    #expect(
      ReplHistory.location(environment: environment, currentDirectory: Self.here)?.path == path)
  }

  @Test("lines are added after what the file holds then, the oldest dropped past the limit")
  func appendAndLimit() throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("deep/folder/history")
    let one = ReplHistory(file: file, limit: 3)
    let other = ReplHistory(file: file, limit: 3)
    #expect(one.load() == [])
    try one.append("a")
    try other.append("b")
    try one.append("c")
    #expect(one.load() == ["a", "b", "c"])
    try other.append("d")
    #expect(one.load() == ["b", "c", "d"])
    // Appended, not rewritten, until one history has added `limit` lines.
    #expect(try String(contentsOf: file, encoding: .utf8) == "a\nb\nc\nd\n")
    try one.append("e")
    try one.append("f")
    #expect(try String(contentsOf: file, encoding: .utf8) == "d\ne\nf\n")
    #expect(folder.files(in: "deep/folder") == ["history"])
  }

  @Test("each line is added at the end of the same file, which holds exactly what was typed")
  func eachLineAppends() throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("history")
    let history = ReplHistory(file: file, limit: 1000)
    try history.append("line 0")
    let inode = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber]
    var expected = "line 0\n"
    for number in 1..<999 {
      try history.append("line \(number)")
      expected += "line \(number)\n"
      let now = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber]
      #expect(now as? Int == inode as? Int, "line \(number) rewrote the file")
      if now as? Int != inode as? Int { break }
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == expected)
  }

  @Test("after many lines the history holds the last of them in order and the file stays bounded")
  func manyLines() throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("history")
    let history = ReplHistory(file: file, limit: 100)
    for number in 0..<2_550 {
      try history.append("line \(number)")
      let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
      #expect(lines.count <= 200)
      #expect(lines.last.map(String.init) == "line \(number)")
    }
    #expect(history.load() == (2_450..<2_550).map { "line \($0)" })
    #expect(ReplHistory(file: file, limit: 100).load() == history.load())
  }

  @Test("a file of more than a megabyte is read from its last whole lines")
  func largeFile() throws {
    let folder = try TemporaryFolder()
    let line = String(repeating: "x", count: 999)
    let text = (0..<1500).map { "\($0) \(line)" }.joined(separator: "\n") + "\n"
    let file = try folder.write(text, to: "history")
    let lines = ReplHistory(file: file, limit: 1000).load()
    #expect(lines.count < 1050 && lines.count > 1000 - 1)
    #expect(lines.last == "1499 \(line)")
    #expect(lines.allSatisfy { $0.hasSuffix(line) && !$0.hasPrefix("x") })
  }

  @Test("a symbolic link is followed: the file it names is written, the link stays")
  func symlink() throws {
    let folder = try TemporaryFolder()
    let target = try folder.write("kept\n", to: "dotfiles/history")
    let link = folder.url.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    try ReplHistory(file: link).append("new")
    #expect(try String(contentsOf: target, encoding: .utf8) == "kept\nnew\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: link.path)
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
  }

  @Test(
    "what is not a regular file (a pipe, a folder) is neither read nor replaced, and no read hangs",
    arguments: ["pipe", "folder"])
  func notAFile(name: String) throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent(name)
    if name == "pipe" {
      #expect(mkfifo(file.path, 0o600) == 0)
    } else {
      try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
    }
    let history = ReplHistory(file: file)
    try history.append("line")
    #expect(history.load() == [])
    let type = try FileManager.default.attributesOfItem(atPath: file.path)[.type]
    #expect(type as? FileAttributeType != .typeRegular)
    #expect(folder.files(in: ".") == [name])
  }

  @Test("no file, no history")
  func none() throws {
    let history = ReplHistory(file: nil)
    try history.append("line")
    #expect(history.load() == [])
  }
}
