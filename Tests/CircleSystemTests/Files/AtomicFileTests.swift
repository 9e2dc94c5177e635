import CircleSystem
import CirclesTestSupport
import Foundation
import Testing

@Suite("Atomic file writes")
struct AtomicFileTests {
  /// A fresh empty folder for one test, removed afterwards.
  func withFolder(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("atomic-file-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder)
  }

  func names(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test("writes the data and leaves no temporary file")
  func writesWhole() throws {
    try withFolder { folder in
      let file = folder.appendingPathComponent("a.png")
      let data = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 * 7) })
      try AtomicFile.write(data, to: file)
      #expect(try Data(contentsOf: file) == data)
      #expect(try names(in: folder) == ["a.png"])
    }
  }

  @Test("before the rename, the new file's identity is known and the old file still in place")
  func beforeRenaming() throws {
    try withFolder { folder in
      let file = folder.appendingPathComponent("frame.png")
      try Data("old".utf8).write(to: file)
      let handle = try FolderHandle(opening: folder, displayPath: "out")
      var seen: FileIdentity?
      let written = try AtomicFile.write(Data("new bytes".utf8), named: "frame.png", in: handle) {
        identity throws(FileError) in
        seen = identity
        #expect((try? String(contentsOf: file, encoding: .utf8)) == "old")
      }
      #expect(seen == written)
      #expect(handle.identity(ofFileNamed: "frame.png") == written)
      // An error thrown there leaves the old file and no temporary one.
      #expect(throws: FileError.self) {
        try AtomicFile.write(Data("newer".utf8), named: "frame.png", in: handle) {
          _ throws(FileError) in
          throw FileError(path: "out/frame.png", action: "write", reason: "refused")
        }
      }
      #expect(try String(contentsOf: file, encoding: .utf8) == "new bytes")
      #expect(try names(in: folder) == ["frame.png"])
    }
  }

  @Test("replaces an existing file")
  func replaces() throws {
    try withFolder { folder in
      let file = folder.appendingPathComponent("frame.png")
      try Data("old contents, longer than the new".utf8).write(to: file)
      try AtomicFile.write(Data("new".utf8), to: file)
      #expect(try String(contentsOf: file, encoding: .utf8) == "new")
      #expect(try names(in: folder) == ["frame.png"])
    }
  }

  @Test("creates missing parent folders")
  func createsFolders() throws {
    try withFolder { folder in
      let file = folder.appendingPathComponent("one/two/three.png")
      try AtomicFile.write(Data([1, 2, 3]), to: file)
      #expect(try Data(contentsOf: file) == Data([1, 2, 3]))
      #expect(try names(in: folder.appendingPathComponent("one/two")) == ["three.png"])
    }
  }

  @Test("a file where a folder should be is a clear error")
  func fileInTheWay() throws {
    try withFolder { folder in
      try Data("x".utf8).write(to: folder.appendingPathComponent("blocker"))
      let target = folder.appendingPathComponent("blocker/sub/out.png")
      #expect {
        try AtomicFile.write(Data([1]), to: target)
      } throws: { error in
        guard let error = error as? FileError else { return false }
        return error.path.hasPrefix(folder.path + "/blocker") && error.action == "write"
          && error.reason == "not a folder"
      }
      #expect(try names(in: folder) == ["blocker"])
    }
  }

  @Test("a folder where the file should be is a clear error, and nothing is left behind")
  func folderInTheWay() throws {
    try withFolder { folder in
      let target = folder.appendingPathComponent("taken")
      try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
      #expect {
        try AtomicFile.write(Data([1]), to: target)
      } throws: { error in
        guard let error = error as? FileError else { return false }
        return error.description == "cannot write '\(target.path)': is a folder"
      }
      #expect(try names(in: folder) == ["taken"])
    }
  }
}
