import CircleRender
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
        guard case .cannotWrite(let path, let reason) = error as? RenderError else { return false }
        return path.hasPrefix(folder.path + "/blocker") && reason == "not a directory"
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
        guard case .cannotWrite(let path, let reason) = error as? RenderError else { return false }
        return path == target.path && reason == "is a directory"
      }
      #expect(try names(in: folder) == ["taken"])
    }
  }

  /// `count` bytes of a pattern, starting at an address aligned for direct writes.
  static func alignedData(count: Int) -> Data {
    var memory: UnsafeMutableRawPointer?
    _ = posix_memalign(&memory, AtomicFile.directAlignment, max(1, count))
    let bytes = memory!.bindMemory(to: UInt8.self, capacity: max(1, count))
    for index in 0..<count { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
    return Data(bytesNoCopy: memory!, count: count, deallocator: .free)
  }

  @Test(
    "around the file cache: the whole blocks skip the cache, every byte arrives",
    arguments: [0, 1, 4095, 4096, 4097, 3 * 4096 + 17, (256 << 10) + 5])
  func aroundTheCache(count: Int) throws {
    try withFolder { folder in
      let around = folder.appendingPathComponent("around.png")
      let through = folder.appendingPathComponent("through.png")
      let data = Self.alignedData(count: count)
      try AtomicFile.write(
        data, to: around, syncingFolder: false, flushing: false, bypassingCache: true)
      try AtomicFile.write(data, to: through, syncingFolder: false, flushing: false)
      if count > 0 {
        let pages = try #require(FileCache.residentPages(of: around))
        let wholeBlocks = count / AtomicFile.directAlignment
        if FileCache.allowsDirectWrites(in: folder) {
          // Pages are 4 KiB here, the size of a block written directly.
          #expect(pages.prefix(wholeBlocks).allSatisfy { !$0 }, "\(pages)")
          #expect(pages.dropFirst(wholeBlocks).allSatisfy { $0 }, "\(pages)")
        } else {
          #expect(pages.allSatisfy { $0 }, "written through the cache where it cannot be avoided")
        }
        #expect(try #require(FileCache.residentPages(of: through)).allSatisfy { $0 })
      }
      #expect(try Data(contentsOf: around) == data)
      #expect(try names(in: folder) == ["around.png", "through.png"])
    }
  }

  @Test("around the file cache: data at any address is written whole, through the cache")
  func aroundTheCacheUnaligned() throws {
    try withFolder { folder in
      let file = folder.appendingPathComponent("odd.png")
      let aligned = Self.alignedData(count: 3 * 4096 + 1)
      let data = aligned[1...]
      try AtomicFile.write(data, to: file, bypassingCache: true)
      #expect(try Data(contentsOf: file) == Data(data))
      #expect(try names(in: folder) == ["odd.png"])
    }
  }

  @Test("around the file cache: a folder in the way is still a clear error, nothing left behind")
  func aroundTheCacheFailure() throws {
    try withFolder { folder in
      let target = folder.appendingPathComponent("taken")
      try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
      #expect {
        try AtomicFile.write(Self.alignedData(count: 8192), to: target, bypassingCache: true)
      } throws: { error in
        guard case .cannotWrite(let path, let reason) = error as? RenderError else { return false }
        return path == target.path && reason == "is a directory"
      }
      #expect(try names(in: folder) == ["taken"])
    }
  }
}
