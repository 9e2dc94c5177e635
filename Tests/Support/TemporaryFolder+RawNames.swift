import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension TemporaryFolder {
  /// Writes a file whose name is the given bytes, which need not be UTF-8 (Foundation's file
  /// APIs take names as text and cannot), in a subfolder that exists.
  ///
  /// - Parameter subfolder: the subfolder's path below this folder, as bytes.
  public func write(_ data: Data, toRawName name: [UInt8], inRaw subfolder: [UInt8] = []) throws {
    let path = raw(subfolder) + [UInt8(ascii: "/")] + name + [0]
    let descriptor = path.withUnsafeBufferPointer { raw in
      raw.withMemoryRebound(to: CChar.self) {
        open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      }
    }
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    _ = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
  }

  /// Makes a folder whose path below this folder is the given bytes.
  public func makeFolder(raw path: [UInt8]) throws {
    let full = raw(path) + [0]
    let status = full.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) }
    }
    guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  /// Makes a symbolic link whose path below this folder, and whose target, are the given bytes.
  public func makeLink(raw path: [UInt8], to target: [UInt8]) throws {
    let full = raw(path) + [0]
    let status = full.withUnsafeBufferPointer { link in
      (target + [0]).withUnsafeBufferPointer { destination in
        link.withMemoryRebound(to: CChar.self) { linkPath in
          destination.withMemoryRebound(to: CChar.self) {
            symlink($0.baseAddress!, linkPath.baseAddress!)
          }
        }
      }
    }
    guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  /// The path of a subfolder given as bytes.
  private func raw(_ subfolder: [UInt8]) -> [UInt8] {
    Array(url.path.utf8) + (subfolder.isEmpty ? [] : [UInt8(ascii: "/")] + subfolder)
  }

  /// The names of the entries of a subfolder as the bytes the system holds, sorted.
  ///
  /// - Parameter subfolder: the subfolder's path below this folder, as bytes.
  public func rawNames(inRaw subfolder: [UInt8] = []) -> [[UInt8]] {
    let path = raw(subfolder) + [0]
    let opened = path.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { opendir($0.baseAddress!) }
    }
    guard let stream = opened else { return [] }
    defer { closedir(stream) }
    var names: [[UInt8]] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name != [0x2E], name != [0x2E, 0x2E] { names.append(name) }
    }
    return names.sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// Removes the folder and everything in it, names that are not UTF-8 included (which
  /// Foundation, and so this folder's own clean-up, cannot remove).
  public func removeEverything() {
    removeEverything(inRaw: [])
  }

  /// Removes a subfolder below this folder (the folder itself for no bytes) and everything in
  /// it, without following links.
  private func removeEverything(inRaw subfolder: [UInt8]) {
    for name in rawNames(inRaw: subfolder) {
      let entry = subfolder.isEmpty ? name : subfolder + [UInt8(ascii: "/")] + name
      let path = raw(entry) + [0]
      var info = stat()
      let isFolder = path.withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) {
          lstat($0.baseAddress!, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        }
      }
      if isFolder {
        removeEverything(inRaw: entry)
      } else {
        _ = path.withUnsafeBufferPointer { bytes in
          bytes.withMemoryRebound(to: CChar.self) { unlink($0.baseAddress!) }
        }
      }
    }
    _ = (raw(subfolder) + [0]).withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { rmdir($0.baseAddress!) }
    }
  }
}
