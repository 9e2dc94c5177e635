import Foundation

/// A file a run writes besides its frames and `render` targets.
package enum RunOutput: Sendable, Equatable {
  /// The animation (`--animation`).
  case animation
  /// The contact sheet (`--sheet`).
  case sheet

  /// How messages name it: `the animation`.
  package var name: String {
    switch self {
    case .animation: "the animation"
    case .sheet: "the contact sheet"
    }
  }
}

/// Why the outputs a run is asked for cannot all be written (docs/cli.md, `circles run`): each
/// would overwrite a file the run writes too, so the run is refused before it starts.
package enum OutputConflict: Sendable, Equatable {
  /// The animation and the contact sheet are one file.
  case sameFile
  /// The output has the name of a frame in the output folder, which the run writes or the
  /// next run removes.
  case frameName(RunOutput)
}

extension RunOptions {
  /// The files the run writes besides its frames, with what each is.
  var extraOutputs: [(RunOutput, URL)] {
    [(.animation, animation?.url), (.sheet, sheet)].compactMap { output, url in
      url.map { (output, $0) }
    }
  }

  /// The first conflict among the outputs asked for, if any.
  ///
  /// - Parameter outputDirectory: the folder the frames go to.
  package func conflict(outputDirectory: URL) -> OutputConflict? {
    let outputs = extraOutputs.map { ($0.0, $0.1.standardizedFileURL) }
    if outputs.count == 2, outputs[0].1 == outputs[1].1 { return .sameFile }
    let folder = outputDirectory.standardizedFileURL.path
    for (output, url) in outputs
    where url.deletingLastPathComponent().path == folder
      && FrameFolder.isFrameName(url.lastPathComponent)
    {
      return .frameName(output)
    }
    return nil
  }

  /// The output a conflict is about, and the reason `RunError.cannotWrite` gives.
  func describe(_ conflict: OutputConflict) -> (url: URL, reason: String) {
    switch conflict {
    case .sameFile:
      (
        animation?.url ?? URL(fileURLWithPath: "/"),
        "the animation and the contact sheet are one file"
      )
    case .frameName(let output):
      (
        extraOutputs.first { $0.0 == output }?.1 ?? URL(fileURLWithPath: "/"),
        "it would take the name of a frame in the output folder"
      )
    }
  }
}
