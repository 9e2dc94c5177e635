import CirclesTestSupport
import Dispatch
import Foundation
import Testing

@testable import CircleRender

@Suite("Temporary files of writes under way")
struct TemporaryFilesTests {
  @Test("abandoning removes every temporary file under way and refuses new ones")
  func abandon() throws {
    let folder = try TemporaryFolder()
    let handle = try FolderHandle(opening: folder.url, displayPath: "out")
    let registry = TemporaryFiles()
    let first = try registry.create(in: handle, for: "out/a.png")
    let second = try registry.create(in: handle, for: "out/b.png")
    #expect(folder.allFiles(in: ".").count == 2)
    #expect(
      folder.allFiles(in: ".").allSatisfy { $0.hasPrefix(".circles-") && $0.hasSuffix(".tmp") })
    #expect(registry.abandon() == 2)
    #expect(folder.allFiles(in: ".") == [])
    #expect(throws: FileError.self) {
      try registry.commit(first, as: "a.png", shown: "out/a.png")
    }
    #expect(throws: FileError.self) {
      _ = try AtomicFile.write(
        Data("x".utf8), named: "c.png", in: handle, syncingFolder: false, flushing: false,
        registry: registry)
    }
    registry.discard(second)
    close(first.descriptor)
    close(second.descriptor)
    #expect(folder.allFiles(in: ".") == [])
    #expect(registry.count == 0)
  }

  @Test(
    "writes from several threads at once each go through the registry and leave no temporary file",
    .timeLimit(.minutes(1)))
  func concurrentWrites() throws {
    let folder = try TemporaryFolder()
    let handle = try FolderHandle(opening: folder.url, displayPath: "out")
    let registry = TemporaryFiles()
    let failures = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<50 {
        do {
          _ = try AtomicFile.write(
            Data("\(thread) \(index)".utf8), named: "\(thread)-\(index).png", in: handle,
            syncingFolder: false, flushing: false, registry: registry)
        } catch {
          failures.withLock { $0 += 1 }
        }
      }
    }
    #expect(failures.withLock { $0 } == 0)
    #expect(folder.allFiles(in: ".").count == 400)
    #expect(folder.allFiles(in: ".").allSatisfy { $0.hasSuffix(".png") })
    #expect(registry.count == 0)
  }

  @Test("a write leaves no temporary file, whether it succeeds or fails")
  func noLeftovers() throws {
    let folder = try TemporaryFolder()
    let handle = try FolderHandle(opening: folder.url, displayPath: "out")
    let registry = TemporaryFiles()
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("taken"), withIntermediateDirectories: true)
    _ = try AtomicFile.write(
      Data("x".utf8), named: "a.png", in: handle, syncingFolder: true, flushing: true,
      registry: registry)
    #expect(
      throws: FileError(path: "out/taken", action: "write", reason: "is a directory")
    ) {
      _ = try AtomicFile.write(
        Data("x".utf8), named: "taken", in: handle, syncingFolder: false, flushing: false,
        registry: registry)
    }
    #expect(folder.allFiles(in: ".") == ["a.png", "taken"])
    #expect(registry.count == 0)
  }
}

@Suite("File identities")
struct FileIdentityTests {
  @Test("an identity reads back from its text; other text is refused")
  func text() {
    let identity = FileIdentity(inode: 42, size: 1234, seconds: 1_700_000_000, nanoseconds: 5)
    #expect(identity.description == "42 1234 1700000000.000000005")
    #expect(FileIdentity(identity.description) == identity)
    for bad in [
      "", "42 1234", "42 1234 1700000000", "42 1234 1700000000.5", "x 1 1.000000000",
      "42 -1 1.000000000", "42 1 1.-00000001", "42 1 1.000000000 extra",
    ] {
      #expect(FileIdentity(bad) == nil, "\(bad)")
    }
  }

  /// Writes a file into the folder, dated `age` seconds ago.
  static func file(_ name: String, in folder: TemporaryFolder, age: Int) throws {
    let url = try folder.write("left", to: name)
    let date = Date(timeIntervalSinceNow: -Double(age))
    try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
  }

  @Test("names are .circles-, 13 digits and lower-case letters, .tmp; nothing else is one")
  func names() {
    for _ in 0..<200 {
      let name = TemporaryFiles.makeName()
      #expect(name.utf8.count == 26 && TemporaryFiles.isTemporaryName(name), "\(name)")
    }
    #expect(TemporaryFiles.isTemporaryName(".circles-0123456789xyz.tmp"))
    for name in [
      ".circles-notes.tmp", ".circles-0123456789XYZ.tmp", ".circles-0123456789xyzw.tmp",
      ".circles-0123456789xy.tmp", ".circles-0123456789xyz.tmpx", "circles-0123456789xyz.tmp",
      ".circles-0123456789x-z.tmp",
    ] {
      #expect(!TemporaryFiles.isTemporaryName(name), "\(name)")
    }
  }

  @Test("a killed write's file older than a minute and locked by no one is removed, only that")
  func leftovers() throws {
    let folder = try TemporaryFolder()
    let handle = try FolderHandle(opening: folder.url, displayPath: "out")
    let age = TemporaryFiles.leftoverAge
    try Self.file(".circles-000000000000a.tmp", in: folder, age: age + 1)
    try Self.file(".circles-000000000000b.tmp", in: folder, age: age)
    try Self.file(".circles-notes.tmp", in: folder, age: age + 100)
    try Self.file("0001-add-a.png", in: folder, age: age + 100)
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent(".circles-000000000000c.tmp"),
      withIntermediateDirectories: true)
    try Self.file("target", in: folder, age: age + 100)
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent(".circles-000000000000d.tmp").path,
      withDestinationPath: "target")
    // One held by another writer, as a write under way holds its file.
    try Self.file(".circles-000000000000e.tmp", in: folder, age: age + 100)
    let held = open(folder.url.appendingPathComponent(".circles-000000000000e.tmp").path, O_RDONLY)
    defer { close(held) }
    #expect(flock(held, LOCK_EX | LOCK_NB) == 0)
    #expect(TemporaryFiles.removeLeftovers(in: handle) == 1)
    #expect(
      folder.allFiles(in: ".") == [
        ".circles-000000000000b.tmp", ".circles-000000000000c.tmp", ".circles-000000000000d.tmp",
        ".circles-000000000000e.tmp", ".circles-notes.tmp", "0001-add-a.png", "target",
      ])
  }

  @Test("the file of a write under way is locked until it is renamed, however old it looks")
  func underWayLocked() throws {
    let folder = try TemporaryFolder()
    let handle = try FolderHandle(opening: folder.url, displayPath: "out")
    let registry = TemporaryFiles()
    let ticket = try registry.create(in: handle, for: "out/a.png")
    let old = Date(timeIntervalSinceNow: -Double(TemporaryFiles.leftoverAge + 100))
    try FileManager.default.setAttributes(
      [.modificationDate: old], ofItemAtPath: folder.url.appendingPathComponent(ticket.name).path)
    #expect(TemporaryFiles.removeLeftovers(in: handle) == 0)
    close(ticket.descriptor)
    try registry.commit(ticket, as: "a.png", shown: "out/a.png")
    #expect(folder.allFiles(in: ".") == ["a.png"])
    // Renamed, its lock is gone with its name: nothing is left to remove.
    #expect(TemporaryFiles.removeLeftovers(in: handle) == 0)
  }
}
