import CircleRender
import CircleScript
import CircleSystem
import Foundation

/// Writing frames and `render` files into the output folder, and finishing the run there.
extension FrameFolder {
  /// A `render` target that is also the file of a frame of the same run.
  package struct Clash: Error, CustomStringConvertible {
    /// The file name both want.
    package var name: String
    /// The frame's number.
    package var frame: Int
    /// Where the `render` that wrote the file was asked for, and the circles then, when a
    /// frame wanted the file after it.
    package var render: (site: OutputSite, circleCount: Int)?

    package var description: String {
      "'\(name)' is also the file of frame \(frame); choose another name"
    }

    /// The failure of the `render`, located at its command, when a frame wanted its file
    /// after it: the run stops there, as a run writing each file before going on would.
    package var renderFailure: LateFailure? {
      render.map {
        LateFailure(
          site: $0.site, circleCount: $0.circleCount, error: FileError(reason: description))
      }
    }
  }

  /// Notes that the run produced a frame, before its file is written.
  ///
  /// - Throws: `Clash` when a `render` of this run already wrote a file of that name; that
  ///   file is removed, as the `render` is refused.
  package func claimFrame(named name: String, number: Int) throws(Clash) {
    let clash: (Clash, FileIdentity?)? = state.withLock { state in
      if let render = state.renders[name] {
        let file = state.renderFiles.removeValue(forKey: name)
        state.renderPaths = state.renderPaths.filter { $0.value != file }
        return (Clash(name: name, frame: number, render: render), file)
      }
      state.claimed[name] = number
      return nil
    }
    guard let (clash, file) = clash else { return }
    if let file { handle.removeFile(named: name, ifStill: file) }
    throw clash
  }

  /// Writes a frame file whole.
  ///
  /// Its line goes into the manifest before it is renamed into place. A file already there
  /// that circles did not write (the user's, though named as the frame is) is first renamed to
  /// `<name>.~<n>~`, the first such name that is free, and noted in `setAside`.
  ///
  /// - Throws: `FileError` naming the file under `displayPath`, with the system's reason and
  ///   no action, to follow `cannot write frame '<name>': `
  ///   (`'out/0003-clear.png': no space left on device`).
  package func writeFrame(_ data: Data, named name: String) throws(FileError) {
    do {
      let identity = try AtomicFile.write(
        data, named: name, in: handle, syncingFolder: false, flushing: false
      ) { identity throws(FileError) in
        try journal.append(FrameManifest.line(name, identity))
        try setAside(name, in: handle, path: name) { isFrameOfCircles(name, $0) }
      }
      record(name, identity)
    } catch {
      throw FileError(path: "\(displayPath)/\(name)", action: "", error: error)
    }
  }

  /// Whether `file`, found at `name`, is a file circles wrote there: a frame or render of the
  /// earlier run, as its manifest lists it, or a frame of this run.
  private func isFrameOfCircles(_ name: String, _ file: FileIdentity) -> Bool {
    earlier.entries[name] == file || earlier.renders[name] == file
      || state.withLock { $0.frames[name] } == file
  }

  /// Renames whatever is at `name` of `folder` (`path` beneath the output folder), unless it is
  /// a file circles wrote (`isOurs` of its identity) or a folder, to the first free
  /// `<name>.~<n>~`.
  private func setAside(
    _ name: String, in folder: FolderHandle, path: String, isOurs: (FileIdentity) -> Bool
  ) throws(FileError) {
    guard folder.contains(name) else { return }
    if let file = folder.identity(ofFileNamed: name), isOurs(file) { return }
    guard !folder.isFolder(name) else { return }
    for number in 1...SetAsideFile.attempts {
      let kept = "\(name).~\(number)~"
      if try folder.renameWithoutReplacing(name, to: kept) {
        let record = SetAsideFile(name: path, keptAs: path + ".~\(number)~")
        state.withLock { $0.setAside.append(record) }
        return
      }
    }
    throw FileError(
      path: folder.join(name), action: "write",
      reason:
        "is not a file circles wrote, and '\(name).~1~' to '\(name).~\(SetAsideFile.attempts)~', "
        + "where it would be kept, are all taken")
  }

  /// Keeps a frame file that already holds `data` instead of writing it again, when it is a
  /// frame circles wrote.
  ///
  /// - Returns: whether the file held exactly these bytes (and is now this run's).
  package func keepFrame(named name: String, holding data: Data) -> Bool {
    guard let identity = handle.identity(ofFileNamed: name), isFrameOfCircles(name, identity),
      (try? handle.contents(ofFileNamed: name, limit: data.count)) == data,
      handle.identity(ofFileNamed: name) == identity
    else { return false }
    record(name, identity)
    return true
  }

  /// Keeps a frame file that is still the one written earlier (same identity).
  ///
  /// - Returns: whether it is.
  package func keepFrame(named name: String, ifStill identity: FileIdentity) -> Bool {
    guard handle.identity(ofFileNamed: name) == identity else { return false }
    record(name, identity)
    return true
  }

  /// The identity this run recorded for a frame file, if it wrote or kept one of that name.
  package func identity(ofFrameNamed name: String) -> FileIdentity? {
    state.withLock { $0.frames[name] }
  }

  /// Removes a frame file this run wrote (frames after one that failed), if it is still the
  /// file written.
  func discardFrame(named name: String) {
    guard let identity = state.withLock({ $0.frames.removeValue(forKey: name) }) else { return }
    handle.removeFile(named: name, ifStill: identity)
  }

  /// Writes the file of a `render` command, beneath the folder only.
  ///
  /// - Parameters:
  ///   - data: the file's bytes.
  ///   - target: where, checked by `RenderPath`.
  ///   - site: where the `render` was asked for, and the circles then: what a frame that
  ///     wants the file later reports in its `Clash`.
  ///   - onlyIfChanged: leave a file that already holds these bytes untouched.
  /// - Returns: the file's URL.
  /// - Throws: `FileError` with the reason alone, to follow `cannot render '<path>': `: a
  ///   folder on the way that leads out or is not a folder, a name that is a frame's of this
  ///   run or circles' own, or the system's reason.
  @discardableResult
  package func writeRender(
    _ data: Data, to target: RenderPath, site: (site: OutputSite, circleCount: Int)? = nil,
    onlyIfChanged: Bool = false
  ) throws(FileError) -> URL {
    let folder: FolderHandle
    do {
      folder = target.folder.isEmpty ? handle : try handle.folder(at: target.folder, creating: true)
    } catch {
      throw FileError(reason: FileError.reason(of: error))
    }
    if folder === handle || folder.isSameFolder(as: handle) {
      let name = target.name
      guard name != Self.manifestName, name != Self.lockName else {
        throw FileError(reason: "'\(name)' is a file circles keeps for itself; choose another name")
      }
      try state.withLock { state throws(FileError) in
        if let frame = state.claimed[name] {
          throw FileError(reason: Clash(name: name, frame: frame).description)
        }
        state.renders[name] = site
      }
    }
    let (name, path) = (target.name, target.path)
    let isTop = folder === handle || folder.isSameFolder(as: handle)
    let isOurs = { (file: FileIdentity) in
      self.earlier.renders[path] == file || (isTop && self.earlier.entries[name] == file)
        || self.state.withLock { $0.renderPaths[path] } == file
    }
    // Listed before it takes its name; what stands there and is not circles' own is kept.
    let beforeRenaming = { (identity: FileIdentity) throws(FileError) in
      if FrameManifest.canList(path) {
        try self.journal.append(FrameManifest.line(render: path, identity))
      }
      try self.setAside(name, in: folder, path: path, isOurs: isOurs)
    }
    let written: Bool
    do {
      if onlyIfChanged {
        written = try ChangedFile.write(
          data, named: name, in: folder, beforeRenaming: beforeRenaming)
      } else {
        try AtomicFile.write(data, named: name, in: folder, beforeRenaming: beforeRenaming)
        written = true
      }
    } catch {
      throw FileError(reason: FileError.reason(of: error))
    }
    // A file of the user's that already held these bytes is left, and not taken for a render.
    let identity = folder.identity(ofFileNamed: name)
    let known = identity.map { written || isOurs($0) } ?? false
    state.withLock { state in
      state.renderedPaths.insert(path)
      guard let identity, known else { return }
      state.renderPaths[path] = identity
      if isTop { state.renderFiles[name] = identity }
    }
    return url.appendingPathComponent(path)
  }

  /// Ends the run in this folder: writes the manifest of this run's frames, removes the
  /// earlier run's frames that this run did not write again, and releases the lock.
  ///
  /// While the earlier frames are removed the manifest lists them too, so a run killed midway
  /// leaves none unlisted.
  ///
  /// - Throws: `RunError.cannotWrite` when the manifest cannot be written.
  package func finish() throws(RunError) {
    defer { lock.unlock() }
    journal.close()
    let (frames, renders, rendered, paths) = state.withLock {
      ($0.frames, $0.renders, $0.renderPaths, $0.renderedPaths)
    }
    let stale = earlier.entries.filter {
      frames[$0.key] == nil && renders.index(forKey: $0.key) == nil
    }
    // Renders are never removed; those of earlier runs this run did not render again stay
    // known as circles' own.
    let renderFiles = earlier.renders.filter { !paths.contains($0.key) }
      .merging(rendered) { _, mine in mine }
    do {
      if !stale.isEmpty {
        try FrameManifest(entries: frames.merging(stale) { mine, _ in mine }, renders: renderFiles)
          .write(to: handle)
        for (name, identity) in stale { handle.removeFile(named: name, ifStill: identity) }
      }
      try FrameManifest(entries: frames, renders: renderFiles).write(to: handle)
    } catch {
      throw .cannotWrite(
        path: displayPath + "/" + Self.manifestName, reason: FileError.reason(of: error))
    }
  }

  /// Counts a frame file as this run's (its line is in the manifest already).
  private func record(_ name: String, _ identity: FileIdentity) {
    state.withLock { $0.frames[name] = identity }
  }

  /// The files that were in the way of this run's frames and renders, and the names they are
  /// kept under.
  package var setAside: [SetAsideFile] { state.withLock { $0.setAside } }
}
