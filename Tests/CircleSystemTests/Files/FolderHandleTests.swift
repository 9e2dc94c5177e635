import CirclesTestSupport
import Foundation
import Testing

@testable import CircleSystem

/// Writes beneath a folder held open: nothing reaches outside it, whatever the path or the
/// links inside the folder.
@Suite("Writes beneath a folder")
struct FolderHandleTests {
  /// A workspace: `out/` (the folder written to) beside `outside/` (which must stay empty).
  final class Workspace {
    let folder: TemporaryFolder
    let out: URL
    let outside: URL

    init() throws {
      folder = try TemporaryFolder()
      out = folder.url.appendingPathComponent("out")
      outside = folder.url.appendingPathComponent("outside")
      try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    }

    func link(_ name: String, to target: String) throws {
      try FileManager.default.createSymbolicLink(
        atPath: out.appendingPathComponent(name).path, withDestinationPath: target)
    }

    func handle() throws -> FolderHandle { try FolderHandle(opening: out, displayPath: "out") }

    /// Writes `x.png` into the folder at `path` beneath `out`.
    func write(at path: String) throws {
      let folder = try handle().folder(at: path, creating: true)
      try AtomicFile.write(Data("x".utf8), named: "x.png", in: folder)
    }
  }

  /// The reason of a `FileError`, or the error's text.
  static func reason(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as FileError {
      return error.reason
    } catch {
      return "\(error)"
    }
  }

  @Test(
    "paths that lead out are refused with the reason, and nothing is written anywhere",
    arguments: [
      ("/tmp", "an absolute path leads out of 'out'"),
      ("..", "'..' leads out of 'out'"),
      ("a/../..", "'..' leads out of 'out'"),
      ("up", "'up' is a symbolic link out of 'out'"),
      ("absolute", "'absolute' is a symbolic link out of 'out'"),
      ("inner/up", "'up' is a symbolic link out of 'out'"),
      ("loop", "too many symbolic links"),
      ("file", "'file' is not a folder"),
    ])
  func refused(path: String, expected: String) throws {
    let space = try Workspace()
    try space.link("up", to: "../outside")
    try space.link("absolute", to: space.outside.path)
    try space.link("loop", to: "loop")
    try FileManager.default.createDirectory(
      at: space.out.appendingPathComponent("inner"), withIntermediateDirectories: true)
    try space.link("inner/up", to: "../../outside")
    try Data("user".utf8).write(to: space.out.appendingPathComponent("file"))
    let before = space.folder.allFiles(in: "out")
    #expect(Self.reason { try space.write(at: path) } == expected)
    #expect(space.folder.allFiles(in: "outside") == [])
    #expect(space.folder.allFiles(in: "out") == before)
    #expect(space.folder.allFiles(in: "out/inner") == ["up"])
  }

  @Test(
    "links that stay beneath the folder are followed; missing folders are created",
    arguments: [
      ("here", "x.png"), ("sub", "real/x.png"), ("deep/er", "deep/er/x.png"),
      ("real/../real", "real/x.png"), ("./real/./", "real/x.png"), ("back/real", "real/x.png"),
      ("dangling", "missing/x.png"),
    ])
  func followedInside(path: String, written: String) throws {
    let space = try Workspace()
    try FileManager.default.createDirectory(
      at: space.out.appendingPathComponent("real"), withIntermediateDirectories: true)
    try space.link("here", to: ".")
    try space.link("sub", to: "real")
    try space.link("dangling", to: "missing")
    try FileManager.default.createDirectory(
      at: space.out.appendingPathComponent("inner"), withIntermediateDirectories: true)
    try space.link("back", to: "inner/..")
    try space.write(at: path)
    #expect(try Data(contentsOf: space.out.appendingPathComponent(written)) == Data("x".utf8))
    #expect(space.folder.allFiles(in: "outside") == [])
  }

  @Test("a symbolic link where the file goes is replaced by the file, never followed")
  func linkAtTheName() throws {
    let space = try Workspace()
    let victim = space.outside.appendingPathComponent("victim")
    try Data("keep".utf8).write(to: victim)
    try space.link("x.png", to: victim.path)
    try space.write(at: "")
    #expect(try Data(contentsOf: victim) == Data("keep".utf8))
    let values = try space.out.appendingPathComponent("x.png")
      .resourceValues(forKeys: [.isSymbolicLinkKey])
    #expect(values.isSymbolicLink == false)
  }

  @Test(
    "a file name is one name of at most 255 bytes, with a temporary file that always fits",
    arguments: [
      (String(repeating: "n", count: 251) + ".png", nil),
      (String(repeating: "n", count: 252) + ".png", "too long: 256 bytes, at most 255"),
      ("a/b.png", "a file name cannot hold '/'"), ("..", "not a file name"),
      ("", "not a file name"), ("a\u{0}b", "a file name cannot hold a NUL byte"),
      ("..png", nil),
    ] as [(String, String?)])
  func names(name: String, problem: String?) throws {
    let space = try Workspace()
    let reason = Self.reason {
      try AtomicFile.write(Data("x".utf8), named: name, in: try space.handle())
    }
    if let problem {
      #expect(reason?.hasSuffix(problem) == true, "\(reason ?? "written")")
      #expect(space.folder.allFiles(in: "out") == [])
    } else {
      #expect(reason == nil)
      #expect(space.folder.allFiles(in: "out") == [name])
    }
  }

  @Test("only the regular file recorded is removed: not a replaced file, a folder or a link")
  func removal() throws {
    let space = try Workspace()
    let handle = try space.handle()
    let identity = try AtomicFile.write(Data("frame".utf8), named: "0001-a.png", in: handle)
    #expect(handle.identity(ofFileNamed: "0001-a.png") == identity)
    // Replaced by another file of the same name and size: kept.
    try Data("photo".utf8).write(to: space.out.appendingPathComponent("0001-a.png"))
    #expect(!handle.removeFile(named: "0001-a.png", ifStill: identity))
    #expect(space.folder.allFiles(in: "out") == ["0001-a.png"])
    // A folder and a link of a recorded name: kept.
    try FileManager.default.createDirectory(
      at: space.out.appendingPathComponent("0002-b.png"), withIntermediateDirectories: true)
    try space.link("0003-c.png", to: "../outside")
    #expect(handle.identity(ofFileNamed: "0002-b.png") == nil)
    #expect(handle.identity(ofFileNamed: "0003-c.png") == nil)
    // The file as written: removed.
    let again = try AtomicFile.write(Data("frame".utf8), named: "0004-d.png", in: handle)
    #expect(handle.removeFile(named: "0004-d.png", ifStill: again))
    #expect(space.folder.allFiles(in: "out") == ["0001-a.png", "0002-b.png", "0003-c.png"])
  }

  @Test("contents are read from regular files only, never through a link, within a limit")
  func contents() throws {
    let space = try Workspace()
    let handle = try space.handle()
    try Data("secret".utf8).write(to: space.outside.appendingPathComponent("s"))
    try space.link("link", to: "../outside/s")
    try Data("12345".utf8).write(to: space.out.appendingPathComponent("five"))
    #expect((try? handle.contents(ofFileNamed: "link", limit: 100)) == nil)
    #expect(try handle.contents(ofFileNamed: "five", limit: 5) == Data("12345".utf8))
    #expect((try? handle.contents(ofFileNamed: "five", limit: 4)) == nil)
  }

  @Test("a folder reached through a link inside is the same folder")
  func sameFolder() throws {
    let space = try Workspace()
    try space.link("here", to: ".")
    let handle = try space.handle()
    #expect(try handle.folder(at: "here", creating: false).isSameFolder(as: handle))
    #expect(try !handle.folder(at: "sub", creating: true).isSameFolder(as: handle))
  }

  @Test("folders whose names are not UTF-8 are opened, walked into and reached through links")
  func rawNames() throws {
    let space = try Workspace()
    // out/o\xFF/ and a link out/sub -> o\xFF, whose target Foundation would read as 'o\u{FFFD}'.
    let raw: [UInt8] = [0x6F, 0xFF]
    let rawPath = Array(space.out.path.utf8) + [UInt8(ascii: "/")] + raw
    try #require(Self.call(rawPath) { mkdir($0, 0o755) } == 0)
    try #require(
      Self.call(raw) { target in
        Self.call(Array(space.out.path.utf8) + Array("/sub".utf8)) { symlink(target, $0) }
      } == 0)
    let name = RawPath.string(from: raw)
    try AtomicFile.write(
      Data("a".utf8), named: "a.png", in: try space.handle().folder(at: "sub", creating: false))
    try AtomicFile.write(
      Data("b".utf8), named: "b.png", in: try space.handle().folder(at: name, creating: false))
    let opened = try FolderHandle(opening: URL(fileURLWithPath: RawPath.string(from: rawPath)))
    #expect(try opened.entries().map(\.name) == ["a.png", "b.png"])
    #expect(
      space.folder.rawNames(inRaw: Array("out".utf8) + [UInt8(ascii: "/")] + raw) == [
        Array("a.png".utf8), Array("b.png".utf8),
      ])
    #expect(space.folder.allFiles(in: "outside") == [])
  }

  /// Calls a system function with bytes as a NUL-terminated path.
  static func call(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Int32) -> Int32 {
    (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}
