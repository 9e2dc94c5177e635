import CirclesTestSupport
import Foundation
import Testing

@testable import CircleSystem

/// The one walk below a folder (`FolderHandle.walkTree`) and the scratch folders.
@Suite("Walking below a folder")
struct FolderTreeTests {
  /// `root/` holding `b.txt`, `a/x.txt`, `a/deep/y.txt`, `.hidden/z.txt`, `.dot.txt`,
  /// `skip/w.txt`, and `link` → `a` (a symbolic link to a folder).
  static func tree() throws -> (TemporaryFolder, FolderHandle) {
    let folder = try TemporaryFolder()
    for path in [
      "root/b.txt", "root/a/x.txt", "root/a/deep/y.txt", "root/.hidden/z.txt",
      "root/.dot.txt", "root/skip/w.txt",
    ] {
      try folder.write(path, to: path)
    }
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("root/link").path, withDestinationPath: "a")
    return (folder, try FolderHandle(opening: folder.url.appendingPathComponent("root")))
  }

  /// The paths a walk visits, folders marked with a trailing `/`.
  static func visited(_ root: FolderHandle, skippingHidden: Bool) throws -> [String] {
    var paths: [String] = []
    try root.walkTree(skippingHidden: skippingHidden) { entry in
      paths.append(entry.path + (entry.folder == nil ? "" : "/"))
      return entry.name != "skip"
    }
    return paths
  }

  @Test("depth first, by name, into the folders the visit chooses, never through a link")
  func order() throws {
    let (folder, root) = try Self.tree()
    _ = folder
    #expect(
      try Self.visited(root, skippingHidden: true) == [
        "a/", "a/deep/", "a/deep/y.txt", "a/x.txt", "b.txt", "link", "skip/",
      ])
    #expect(
      try Self.visited(root, skippingHidden: false) == [
        ".dot.txt", ".hidden/", ".hidden/z.txt", "a/", "a/deep/", "a/deep/y.txt", "a/x.txt",
        "b.txt", "link", "skip/",
      ])
  }

  @Test("each entry comes with the folder that holds it, where it can be removed")
  func parents() throws {
    let (folder, root) = try Self.tree()
    try root.walkTree(skippingHidden: true) { (entry) throws(FileError) -> Bool in
      if entry.name.hasSuffix(".txt") { try entry.parent.remove(entry.name) }
      return true
    }
    #expect(folder.allFiles(in: "root/a/deep") == [])
    #expect(folder.allFiles(in: "root/skip") == [])
    #expect(folder.allFiles(in: "root/.hidden") == ["z.txt"])
  }

  @Test("a scratch folder is removed, with what it holds, when cleared and when it goes")
  func scratch() throws {
    let url: URL
    do {
      let scratch = ScratchFolder(purpose: "test")
      url = scratch.url
      #expect(url.lastPathComponent.hasPrefix("circles-test-\(getpid())-"))
      #expect(FolderHandle.status(atPath: url.path) == nil, "nothing is made before a write")
      try FileManager.default.createDirectory(
        at: url.appendingPathComponent("a"), withIntermediateDirectories: true)
      scratch.clear()
      #expect(FolderHandle.status(atPath: url.path) == nil)
      try FileManager.default.createDirectory(
        at: url.appendingPathComponent("b"), withIntermediateDirectories: true)
      withExtendedLifetime(scratch) {}
    }
    #expect(FolderHandle.status(atPath: url.path) == nil)
  }
}
