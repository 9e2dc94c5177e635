import CirclesTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import CircleSystem

@Suite("Folder locks")
struct FolderLockTests {
  @Test("a second lock of a folder waits, says so once, and is granted when the first ends")
  func secondWaits() async throws {
    let folder = try TemporaryFolder()
    let handle = try FolderHandle(opening: folder.url, displayPath: "out")
    var first: FolderLock? = try FolderLock(handle, fileNamed: ".lock") {
      Issue.record("the first lock found the folder busy")
    }
    let waited = Atomic<Int>(0)
    let granted = Atomic<Bool>(false)
    let thread = Thread {
      let second = try? FolderLock(handle, fileNamed: ".lock") {
        waited.add(1, ordering: .relaxed)
      }
      granted.store(second != nil, ordering: .relaxed)
    }
    thread.start()
    _ = await eventually { waited.load(ordering: .relaxed) != 0 }
    let waitedBefore = waited.load(ordering: .relaxed)
    let grantedBefore = granted.load(ordering: .relaxed)
    #expect(waitedBefore == 1)
    #expect(!grantedBefore)
    first?.unlock()
    first = nil
    _ = await eventually { granted.load(ordering: .relaxed) }
    let grantedAfter = granted.load(ordering: .relaxed)
    let waitedAfter = waited.load(ordering: .relaxed)
    #expect(grantedAfter)
    #expect(waitedAfter == 1)
    #expect(folder.allFiles(in: ".") == [".lock"])
  }

  @Test("a lock file that is a link or a folder is refused, not followed")
  func hostileLockFile() throws {
    let folder = try TemporaryFolder()
    let outside = try TemporaryFolder()
    let victim = outside.url.appendingPathComponent("victim")
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent(".lock").path, withDestinationPath: victim.path)
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent(".dir"), withIntermediateDirectories: true)
    let handle = try FolderHandle(opening: folder.url, displayPath: "out")
    #expect(
      throws: FileError(path: "out/.lock", action: "write", reason: "is a symbolic link")
    ) {
      _ = try FolderLock(handle, fileNamed: ".lock")
    }
    #expect(throws: FileError.self) { _ = try FolderLock(handle, fileNamed: ".dir") }
    #expect(outside.allFiles(in: ".") == [])
  }
}
