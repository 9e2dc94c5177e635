import CircleRender
import CircleSystem
import Foundation

extension FolderComparison {
  /// Compares one path of the two folders and, with ``update``, brings the expected folder's
  /// file up to date. Safe to call from several threads at once.
  func compare(_ pair: ImagePair, artifacts: ArtifactsFolder, expectedRoot: FolderHandle)
    -> FrameResult
  {
    var frame = FrameResult(
      name: pair.path, status: .passed, golden: expected.appendingPathComponent(pair.path))
    let actualURL = actual.appendingPathComponent(pair.path)
    switch (pair.expected, pair.actual) {
    case (nil, nil):
      break
    case (nil, let file?):
      frame.status = .missing
      frame.problem = "new: only in \(DisplayPath.of(actual))/"
      frame.artifacts = FrameArtifacts(actual: actualURL, diff: nil, strip: nil)
      // A new image is read whole: a damaged one is an error, never copied as if it were one.
      do throws(FolderComparisonError) {
        let (header, data) = try Self.read(file, bytes: true)
        frame.actualSize = PixelSize(width: header.width, height: header.height)
        if let data, let problem = PNGCodec.dataProblem(in: data) {
          throw FolderComparisonError("cannot read '\(file.displayPath)': \(problem)")
        }
        if update, let data { try copy(data, to: pair.path, in: expectedRoot, into: &frame) }
      } catch {
        frame.error = error.message
      }
    case (let file?, nil):
      frame.status = .orphan
      frame.problem = "deleted: only in \(DisplayPath.of(expected))/"
      if let (header, _) = try? Self.read(file, bytes: false) {
        frame.goldenSize = PixelSize(width: header.width, height: header.height)
      }
      if update, prune {
        if file.folder.removeFile(named: file.name, ifStill: file.identity) {
          frame.status = .pruned
          frame.problem = "deleted from \(DisplayPath.of(expected))"
        } else {
          frame.error = "cannot delete '\(file.displayPath)': it changed since it was listed"
        }
      }
    case (let one?, let two?):
      frame.artifacts = FrameArtifacts(actual: actualURL, diff: nil, strip: nil)
      compare(one, two, path: pair.path, artifacts: artifacts, into: &frame)
      if update, frame.status == .failed, frame.error == nil,
        let data = try? Self.read(two, bytes: true).1
      {
        do {
          try copy(data, to: pair.path, in: expectedRoot, into: &frame)
        } catch {
          frame.error = error.message
        }
      }
    }
    if frame.status == .passed || frame.status == .recorded {
      frame.artifacts = nil
      artifacts.removeStale(of: pair.path)
    }
    return frame
  }

  /// Compares two files found at the same path: headers first, bytes next, pixels last.
  private func compare(
    _ one: ImageFile, _ two: ImageFile, path: String, artifacts: ArtifactsFolder,
    into frame: inout FrameResult
  ) {
    let headers: (PNGHeader, PNGHeader)
    do {
      headers = (try Self.read(one, bytes: false).0, try Self.read(two, bytes: false).0)
    } catch {
      frame.status = .failed
      frame.error = error.message
      return
    }
    let sizes = (
      PixelSize(width: headers.0.width, height: headers.0.height),
      PixelSize(width: headers.1.width, height: headers.1.height)
    )
    frame.goldenSize = sizes.0
    frame.actualSize = sizes.1
    guard sizes.0 == sizes.1 else {
      frame.status = .failed
      frame.problem =
        "size differs: \(sizes.0.width)×\(sizes.0.height) vs \(sizes.1.width)×\(sizes.1.height)"
      return
    }
    let data: (Data, Data)
    do throws(FolderComparisonError) {
      guard let first = try Self.read(one, bytes: true).1,
        let second = try Self.read(two, bytes: true).1
      else { return }
      data = (first, second)
    } catch {
      frame.status = .failed
      frame.error = error.message
      return
    }
    let compared: PNGComparison
    do {
      compared = try PNGComparison(
        expected: data.0, actual: data.1, options: options, budget: budget, readingScenes: false)
    } catch {
      let file = error.file == .expected ? one : two
      frame.status = .failed
      if case .outOfMemory = error.error {
        frame.error =
          "cannot compare '\(file.displayPath)': not enough memory to decode it; allow the "
          + "process more memory"
      } else {
        frame.error = "cannot read '\(file.displayPath)': \(error.error)"
      }
      return
    }
    if compared.identicalBytes { return }
    frame.comparison = compared.comparison
    guard let difference = compared.difference, !difference.matches else { return }
    frame.status = .failed
    writeDiff(difference, path: path, artifacts: artifacts, into: &frame)
  }

  /// Writes the diff image and the strip of a changed image; a picture that cannot be made or
  /// written is a note, not an error.
  private func writeDiff(
    _ difference: Difference, path: String, artifacts: ArtifactsFolder,
    into frame: inout FrameResult
  ) {
    let encode = options.diffing.toData
    let diff: PixelImage
    do {
      diff = try difference.diffImage()
      try artifacts.write(try encode(diff), of: path, suffix: ".diff.png")
      frame.artifacts?.diff = artifacts.url(of: path, suffix: ".diff.png")
    } catch {
      frame.notes.append("no diff image: \(error)")
      return
    }
    do {
      // Labelled as compare's reports name the images: expected, diff, actual.
      let strip = try DiffImage.strip(
        expected: difference.expected, diff: diff, actual: difference.actual,
        expectedLabel: "expected")
      try artifacts.write(try encode(strip), of: path, suffix: ".strip.png")
      frame.artifacts?.strip = artifacts.url(of: path, suffix: ".strip.png")
    } catch {
      frame.notes.append("no expected | diff | actual strip: \(error)")
    }
  }

  /// Writes an actual image's bytes over the expected folder's file at `path`, whole or not at
  /// all, making the folders on the way; never through a symbolic link, never outside the
  /// expected folder.
  private func copy(
    _ data: Data, to path: String, in root: FolderHandle, into frame: inout FrameResult
  ) throws(FolderComparisonError) {
    let (parent, name) = ArtifactsFolder.split(path)
    let shown = root.join(path)
    do {
      let folder = parent.isEmpty ? root : try root.folder(at: parent, creating: true)
      if folder.contains(name), folder.identity(ofFileNamed: name) == nil {
        throw FolderComparisonError(
          "cannot update '\(shown)': it is not a regular file (a symbolic link?); "
            + "nothing is written through it")
      }
      try AtomicFile.write(data, named: name, in: folder, syncingFolder: false)
    } catch let error as FileError {
      throw FolderComparisonError("cannot update '\(shown)': \(error.reason)")
    } catch let error as FolderComparisonError {
      throw error
    } catch {
      throw FolderComparisonError("cannot update '\(shown)': \(error)")
    }
    frame.status = .recorded
  }

  /// The header of a file and, when asked, its bytes, read without following a link; a file
  /// larger than its declared size allows is refused before it is read.
  static func read(_ file: ImageFile, bytes: Bool) throws(FolderComparisonError)
    -> (PNGHeader, Data?)
  {
    let shown = file.displayPath
    do {
      let readable = try file.folder.openFile(file.name)
      let header: PNGHeader
      do {
        header = try PNGHeader(Data(readable.bytes(at: 0, count: 33)))
      } catch {
        let reason = readable.size == 0 ? "the file is empty" : "\(error)"
        throw FolderComparisonError("cannot read '\(shown)': \(reason)")
      }
      guard bytes else { return (header, nil) }
      // Sides past the renderer's are refused as the decoder refuses them, before the size
      // they declare is used to bound the file (2^31 a side would overflow it).
      if let tooLarge = header.tooLarge {
        throw FolderComparisonError("cannot read '\(shown)': \(tooLarge)")
      }
      let raw = header.height * (1 + header.width * 8)
      guard readable.size <= raw + raw / 64 + (64 << 20) else {
        throw FolderComparisonError(
          "cannot read '\(shown)': it holds \(readable.size) bytes, more than its size allows")
      }
      return (header, readable.contents())
    } catch let error as FileError {
      throw FolderComparisonError(error.description)
    } catch let error as FolderComparisonError {
      throw error
    } catch {
      throw FolderComparisonError("cannot read '\(shown)': \(error)")
    }
  }
}

/// What kept one image of a folder comparison from being compared or updated: one phrase that
/// names the file.
struct FolderComparisonError: Error {
  let message: String

  init(_ message: String) {
    self.message = message
  }
}
