import CirclesTestSupport
import Foundation
import Testing

@testable import CircleSnapshot

@Suite("Folders opened once, files by name")
struct FolderTests {
  /// Creates a file whose name is the given bytes (which need not be UTF-8).
  static func create(_ name: [UInt8], in folder: URL, contents: String = "x") throws {
    let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
    let descriptor = path.withUnsafeBufferPointer { raw in
      raw.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
    }
    try #require(descriptor >= 0)
    _ = Array(contents.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }

  @Test("bytes that are not UTF-8 survive a trip through text", .timeLimit(.minutes(1)))
  func rawPaths() {
    var generator = SeededGenerator(seed: 3)
    for _ in 0..<500 {
      let bytes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        UInt8.random(in: 1...255, using: &generator)
      }
      #expect(RawPath.bytes(of: RawPath.string(from: bytes)) == bytes)
    }
    #expect(RawPath.string(from: Array("sun é.png".utf8)) == "sun é.png")
    #expect(!RawPath.holdsRawBytes("sun é"))
    #expect(RawPath.holdsRawBytes(RawPath.string(from: [0x78, 0xFF])))
  }

  @Test(
    "control characters and undecodable bytes print as visible characters",
    arguments: [
      ("plain", "plain"), ("a\u{1B}]0;title\u{07}b", "a␛]0;title␇b"), ("two\nlines", "two␊lines"),
      ("del\u{7F}", "del␡"), ("c1\u{9B}", "c1\u{FFFD}"),
      (RawPath.string(from: [0x61, 0xFF]), "a\u{FFFD}"),
    ])
  func escaping(text: String, shown: String) {
    #expect(DisplayText.escaped(text) == shown)
  }

  @Test("a file whose name is not UTF-8 is listed, read and removed")
  func rawNames() throws {
    let temporary = try TemporaryFolder()
    let name: [UInt8] = [0x6F, 0xFF, 0xFE] + Array(".png".utf8)
    try Self.create(name, in: temporary.url, contents: "bytes")
    let folder = try #require(try Folder.open(temporary.url.path))
    let entry = try #require(try folder.entries().first)
    #expect(RawPath.bytes(of: entry.name) == name)
    #expect(try folder.contents(of: entry.name, limit: 100) == Data("bytes".utf8))
    try folder.remove(entry.name)
    #expect(try folder.entries().isEmpty)
  }

  @Test("symbolic links are never followed below the folder: subfolders and files are refused")
  func links() throws {
    let temporary = try TemporaryFolder()
    let outside = try TemporaryFolder()
    try outside.write("secret", to: "secret.png")
    try FileManager.default.createSymbolicLink(
      at: temporary.url.appendingPathComponent("sub"), withDestinationURL: outside.url)
    try FileManager.default.createSymbolicLink(
      at: temporary.url.appendingPathComponent("file.png"),
      withDestinationURL: outside.url.appendingPathComponent("secret.png"))
    let folder = try #require(try Folder.open(temporary.url.path))
    #expect { _ = try folder.subfolder("sub", creating: true) } throws: {
      "\($0)".hasSuffix("is a symbolic link")
    }
    #expect { _ = try folder.contents(of: "file.png", limit: 100) } throws: {
      "\($0)".hasSuffix("is a symbolic link")
    }
    // Deleting the link removes the link, not what it points to.
    try folder.remove("file.png")
    #expect(outside.files(in: ".") == ["secret.png"])
  }

  @Test("a FIFO is refused at once, not waited on")
  func fifo() throws {
    let temporary = try TemporaryFolder()
    try #require(mkfifo(temporary.url.appendingPathComponent("pipe.png").path, 0o644) == 0)
    let folder = try #require(try Folder.open(temporary.url.path))
    #expect { _ = try folder.contents(of: "pipe.png", limit: 100) } throws: {
      "\($0)".hasSuffix("not a regular file")
    }
  }

  @Test("files are written whole; a write that fails leaves no temporary file")
  func writes() throws {
    let temporary = try TemporaryFolder()
    let folder = try #require(try Folder.open(temporary.url.path))
    try folder.write(Data("one".utf8), to: "a.png")
    try folder.write(Data("two".utf8), to: "a.png")
    #expect(try folder.contents(of: "a.png", limit: 10) == Data("two".utf8))
    try FileManager.default.createDirectory(
      at: temporary.url.appendingPathComponent("dir.png"), withIntermediateDirectories: true)
    #expect(throws: FileError.self) { try folder.write(Data("x".utf8), to: "dir.png") }
    #expect(temporary.files(in: ".") == ["a.png", "dir.png"])
    #expect(throws: FileError.self) { try folder.remove("dir.png") }
  }

  @Test("a rename never replaces a file")
  func renames() throws {
    let temporary = try TemporaryFolder()
    try temporary.write("a", to: "a.png")
    try temporary.write("b", to: "b.png")
    let folder = try #require(try Folder.open(temporary.url.path))
    #expect(try !folder.renameWithoutReplacing("a.png", to: "b.png"))
    #expect(try folder.renameWithoutReplacing("a.png", to: "c.png"))
    #expect(temporary.files(in: ".") == ["b.png", "c.png"])
    #expect(try folder.contents(of: "c.png", limit: 10) == Data("a".utf8))
  }
}
