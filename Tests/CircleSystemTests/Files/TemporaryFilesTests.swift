import CirclesTestSupport
import Dispatch
import Foundation
import Testing

@testable import CircleSystem

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
    .timeLimit(.minutes(5)))
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
      throws: FileError(path: "out/taken", action: "write", reason: "is a folder")
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
}
