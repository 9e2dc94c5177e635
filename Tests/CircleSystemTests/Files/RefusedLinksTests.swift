import CirclesTestSupport
import Foundation
import Testing

@testable import CircleSystem

/// A folder held open with every symbolic link below it refused, as golden folders are: files
/// are listed, read, written, renamed and removed by name, whatever bytes the names hold.
@Suite("Folders whose links are refused")
struct RefusedLinksTests {
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

  /// The folder, opened as a check opens golden folders.
  static func handle(_ folder: TemporaryFolder) throws -> FolderHandle {
    try FolderHandle(opening: folder.url, displayPath: "g", creating: false, links: .refused)
  }

  @Test("a file whose name is not UTF-8 is listed, read and removed")
  func rawNames() throws {
    let temporary = try TemporaryFolder()
    let name: [UInt8] = [0x6F, 0xFF, 0xFE] + Array(".png".utf8)
    try Self.create(name, in: temporary.url, contents: "bytes")
    let folder = try Self.handle(temporary)
    let entry = try #require(try folder.entries().first)
    #expect(RawPath.bytes(of: entry.name) == name)
    #expect(try folder.contents(ofFileNamed: entry.name, limit: 100) == Data("bytes".utf8))
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
    try FileManager.default.createSymbolicLink(
      at: temporary.url.appendingPathComponent("here"), withDestinationURL: temporary.url)
    let folder = try Self.handle(temporary)
    #expect(throws: FileError(path: "g/sub", action: "open", reason: "'sub' is a symbolic link")) {
      _ = try folder.folder(at: "sub", creating: true)
    }
    // A link that stays inside is refused too, and so is `..`.
    #expect(throws: FileError(path: "g/here", action: "open", reason: "'here' is a symbolic link"))
    {
      _ = try folder.existingFolder(at: "here")
    }
    #expect(
      throws: FileError(path: "g/a/..", action: "open", reason: "a path with '..' is refused")
    ) {
      _ = try folder.folder(at: "a/..", creating: true)
    }
    #expect { _ = try folder.contents(ofFileNamed: "file.png", limit: 100) } throws: {
      "\($0)".hasSuffix("is a symbolic link")
    }
    // Deleting the link removes the link, not what it points to.
    try folder.remove("file.png")
    #expect(outside.files(in: ".") == ["secret.png"])
    #expect(temporary.files(in: ".") == ["here", "sub"])
  }

  @Test("a FIFO is refused at once, not waited on")
  func fifo() throws {
    let temporary = try TemporaryFolder()
    try #require(mkfifo(temporary.url.appendingPathComponent("pipe.png").path, 0o644) == 0)
    let folder = try Self.handle(temporary)
    #expect { _ = try folder.contents(ofFileNamed: "pipe.png", limit: 100) } throws: {
      "\($0)".hasSuffix("not a regular file")
    }
  }

  @Test("files are written whole; a write that fails leaves no temporary file")
  func writes() throws {
    let temporary = try TemporaryFolder()
    let folder = try Self.handle(temporary)
    try AtomicFile.write(Data("one".utf8), named: "a.png", in: folder)
    try AtomicFile.write(Data("two".utf8), named: "a.png", in: folder)
    #expect(try folder.contents(ofFileNamed: "a.png", limit: 10) == Data("two".utf8))
    try FileManager.default.createDirectory(
      at: temporary.url.appendingPathComponent("dir.png"), withIntermediateDirectories: true)
    #expect(throws: FileError.self) {
      try AtomicFile.write(Data("x".utf8), named: "dir.png", in: folder)
    }
    #expect(temporary.files(in: ".") == ["a.png", "dir.png"])
    #expect(throws: FileError.self) { try folder.remove("dir.png") }
  }

  @Test("a rename never replaces a file")
  func renames() throws {
    let temporary = try TemporaryFolder()
    try temporary.write("a", to: "a.png")
    try temporary.write("b", to: "b.png")
    let folder = try Self.handle(temporary)
    #expect(try !folder.renameWithoutReplacing("a.png", to: "b.png"))
    #expect(try folder.renameWithoutReplacing("a.png", to: "c.png"))
    #expect(temporary.files(in: ".") == ["b.png", "c.png"])
    #expect(try folder.contents(ofFileNamed: "c.png", limit: 10) == Data("a".utf8))
  }
}
