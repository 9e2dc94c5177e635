import CArchive
import Foundation

/// Tar files written and read whole in memory through libarchive: the form of a report blob
/// (docs/ci.md, "Reports that merge"). Only regular files are written or read back; nothing is
/// ever extracted to disk, so an entry's name is only a key.
enum TarArchive {
  /// A tar file that cannot be read, with libarchive's reason or ours.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// A POSIX tar (pax) of these files, in order, each with mode 0644 and time 0, so that the
  /// same files make the same bytes.
  static func tar(_ entries: [(name: String, data: Data)]) throws(Failure) -> Data {
    let sink = Sink()
    guard let archive = archive_write_new() else { throw Failure(description: "no memory") }
    defer { archive_write_free(archive) }
    archive_write_set_format_pax_restricted(archive)
    // Blocks of 512 bytes, not 10 KiB: a small blob stays small.
    archive_write_set_bytes_per_block(archive, 512)
    let context = Unmanaged.passUnretained(sink).toOpaque()
    guard
      archive_write_open2(archive, context, nil, Sink.write, nil, nil) == ARCHIVE_OK
    else { throw failure(archive) }
    for (name, data) in entries {
      guard let entry = archive_entry_new() else { throw Failure(description: "no memory") }
      defer { archive_entry_free(entry) }
      archive_entry_set_pathname_utf8(entry, name)
      archive_entry_set_size(entry, la_int64_t(data.count))
      archive_entry_set_filetype(entry, circles_archive_regular_file)
      archive_entry_set_perm(entry, 0o644)
      archive_entry_set_mtime(entry, 0, 0)
      guard archive_write_header(archive, entry) == ARCHIVE_OK else { throw failure(archive) }
      let written = data.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) }
      guard written == data.count else { throw failure(archive) }
    }
    guard archive_write_close(archive) == ARCHIVE_OK else { throw failure(archive) }
    return sink.data
  }

  /// The files of the tar file open at a descriptor, read from where it stands, in order.
  ///
  /// - Parameters:
  ///   - limit: the most bytes its files may hold together.
  ///   - only: when given, the one file read: the others are skipped, and reading stops at it,
  ///     so that no more of the file is read than up to that one.
  /// - Throws: ``Failure`` for bytes that are not a tar file, an entry that is not a regular
  ///   file (a link, a folder, a device), or files larger than `limit` together.
  static func files(
    descriptor: Int32, limit: Int, only: String? = nil
  ) throws(Failure) -> [(name: String, data: Data)] {
    guard let archive = archive_read_new() else { throw Failure(description: "no memory") }
    defer { archive_read_free(archive) }
    archive_read_support_format_tar(archive)
    archive_read_support_filter_gzip(archive)
    guard archive_read_open_fd(archive, descriptor, 1 << 16) == ARCHIVE_OK else {
      throw failure(archive)
    }
    return try entries(of: archive, limit: limit, only: only)
  }

  /// The files of an archive opened for reading.
  private static func entries(
    of archive: OpaquePointer, limit: Int, only: String?
  ) throws(Failure) -> [(name: String, data: Data)] {
    var files: [(name: String, data: Data)] = []
    var total = 0
    var entry: OpaquePointer?
    while true {
      let status = archive_read_next_header(archive, &entry)
      if status == ARCHIVE_EOF { break }
      guard status == ARCHIVE_OK, let entry else { throw failure(archive) }
      let name =
        archive_entry_pathname_utf8(entry).map { String(cString: $0) }
        ?? archive_entry_pathname(entry).map { String(cString: $0) } ?? ""
      guard archive_entry_filetype(entry) == circles_archive_regular_file else {
        throw Failure(description: "'\(name)' is not a regular file")
      }
      if let only, name != only {
        guard archive_read_data_skip(archive) == ARCHIVE_OK else { throw failure(archive) }
        continue
      }
      let size = Int(archive_entry_size(entry))
      guard size >= 0, total + size <= limit else {
        throw Failure(description: "its files hold more than \(limit >> 20) MiB")
      }
      total += size
      var content = Data(count: size)
      var done = 0
      while done < size {
        let count = content.withUnsafeMutableBytes {
          archive_read_data(archive, $0.baseAddress! + done, size - done)
        }
        guard count > 0 else {
          throw count < 0 ? failure(archive) : Failure(description: "'\(name)' is cut short")
        }
        done += count
      }
      files.append((name, content))
      if only != nil { break }
    }
    return files
  }

  /// libarchive's reason, as a phrase: `truncated tar archive`.
  private static func failure(_ archive: OpaquePointer) -> Failure {
    guard let reason = archive_error_string(archive).map({ String(cString: $0) }),
      let first = reason.first
    else { return Failure(description: "not a tar file") }
    return Failure(description: first.lowercased() + reason.dropFirst())
  }

  /// Where a tar being written goes: a buffer in memory.
  private final class Sink {
    var data = Data()

    static let write:
      @convention(c) (
        OpaquePointer?, UnsafeMutableRawPointer?, UnsafeRawPointer?, Int
      ) -> Int = { _, context, buffer, length in
        guard let context, let buffer else { return -1 }
        let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
        sink.data.append(buffer.assumingMemoryBound(to: UInt8.self), count: length)
        return length
      }
  }
}
