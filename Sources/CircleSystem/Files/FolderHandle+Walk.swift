import Foundation

/// Walking a relative path down from a folder, one name at a time, under the handle's rule.
extension FolderHandle {
  /// The folder at `path` beneath this one, walked from this folder's descriptor.
  ///
  /// - Returns: the folder, or `nil` when a folder on the way is missing and not `creating`.
  /// - Throws: ``FileError`` naming the whole path under `displayPath`, with the name at fault
  ///   in the reason.
  func walk(_ path: String, creating: Bool) throws(FileError) -> FolderHandle? {
    let shown = join(path)
    func refused(_ reason: String) -> FileError {
      FileError(path: shown, action: "open", reason: reason)
    }
    let outOfFolder = "'..' leads out of '\(displayPath)'"
    guard !path.hasPrefix("/") else {
      throw refused("an absolute path leads out of '\(displayPath)'")
    }
    // `..` is refused before anything is created on the way: anywhere under `.refused`, above
    // the folder otherwise.
    var depth = 0
    for name in path.split(separator: "/") where name != "." {
      if name == "..", links == .refused { throw refused("a path with '..' is refused") }
      depth += name == ".." ? -1 : 1
      guard depth >= 0 else { throw refused(outOfFolder) }
    }
    // Names still to walk, last first, each with the symbolic link whose target it came from.
    var pending = path.split(separator: "/").reversed().map { (name: $0, link: Substring?.none) }
    var stack: [Int32] = []
    defer { for opened in stack { close(opened) } }
    var top: Int32 { stack.last ?? descriptor }
    var followed = 0
    func leadsOut(_ link: Substring) -> FileError {
      refused("'\(link)' is a symbolic link out of '\(displayPath)'")
    }
    while let (name, link) = pending.popLast() {
      if name == "." { continue }
      if name == ".." {
        guard let last = stack.popLast() else { throw link.map(leadsOut) ?? refused(outOfFolder) }
        close(last)
        continue
      }
      let component = String(name)
      guard RawPath.byteCount(of: component) <= Self.nameLimit else {
        throw refused(Self.tooLong(name))
      }
      let opened = RawPath.withCString(component) {
        openat(top, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      }
      if opened >= 0 {
        stack.append(opened)
        continue
      }
      let problem = errno
      if problem == ENOENT {
        guard creating else { return nil }
        let made = RawPath.withCString(component) { mkdirat(top, $0, 0o777) }
        guard made == 0 || errno == EEXIST else {
          throw FileError(path: shown, action: "create", errno: errno)
        }
        pending.append((name, link))
        continue
      }
      guard problem == ELOOP || problem == ENOTDIR else {
        throw FileError(path: shown, action: "open", errno: problem)
      }
      guard let target = try linkTarget(component, in: top, shown: shown) else {
        throw refused("'\(name)' is not a folder")
      }
      guard links == .followedBeneath else { throw refused("'\(name)' is a symbolic link") }
      followed += 1
      guard followed <= Self.linkLimit else { throw refused("too many symbolic links") }
      guard !target.hasPrefix("/") else { throw leadsOut(link ?? name) }
      pending += target.split(separator: "/").reversed().map { ($0, link ?? name) }
    }
    let isThisFolder = stack.isEmpty
    let result = isThisFolder ? dup(descriptor) : stack.removeLast()
    guard result >= 0 else { throw FileError(path: shown, action: "open", errno: errno) }
    return FolderHandle(
      descriptor: result, displayPath: isThisFolder ? displayPath : shown, links: links)
  }

  /// The target of a symbolic link (as ``RawPath`` text), or `nil` when the name is not one.
  private func linkTarget(_ name: String, in folder: Int32, shown: String) throws(FileError)
    -> String?
  {
    var info = stat()
    let status = RawPath.withCString(name) { fstatat(folder, $0, &info, AT_SYMLINK_NOFOLLOW) }
    guard status == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = RawPath.withCString(name) { link in
      buffer.withUnsafeMutableBytes { readlinkat(folder, link, $0.baseAddress!, $0.count - 1) }
    }
    guard count >= 0 else { throw FileError(path: shown, action: "open", errno: errno) }
    return RawPath.string(from: buffer[..<count])
  }
}
