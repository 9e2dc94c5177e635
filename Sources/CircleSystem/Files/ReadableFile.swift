import Foundation

/// A regular file opened for reading (see `FolderHandle.openFile(_:following:)`): its descriptor
/// and the size it had when opened, read with `pread` from any offset.
package final class ReadableFile: @unchecked Sendable {
  package let descriptor: Int32
  /// The file's size in bytes.
  package let size: Int

  init(descriptor: Int32, size: Int) {
    self.descriptor = descriptor
    self.size = size
  }

  deinit { close(descriptor) }

  /// Up to `count` bytes from `offset`; fewer at the end of the file.
  package func bytes(at offset: Int, count: Int) -> [UInt8] {
    guard count > 0, offset >= 0, offset < size else { return [] }
    var buffer = [UInt8](repeating: 0, count: min(count, size - offset))
    let done = buffer.withUnsafeMutableBytes { read(into: $0, from: offset) }
    return Array(buffer.prefix(done))
  }

  /// The whole file, read into a buffer of its size.
  package func contents() -> Data {
    var data = Data(count: size)
    let done = data.withUnsafeMutableBytes { read(into: $0) }
    return done == size ? data : data.prefix(done)
  }

  /// Reads the file from `offset` into `buffer` (at most up to its size); returns how many
  /// bytes were read.
  package func read(into buffer: UnsafeMutableRawBufferPointer, from offset: Int = 0) -> Int {
    let wanted = min(buffer.count, size - offset)
    var done = 0
    while done < wanted {
      let count = pread(descriptor, buffer.baseAddress! + done, wanted - done, off_t(offset + done))
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      done += count
    }
    return done
  }
}
