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

extension OutputConflict {
  /// The output the conflict is about: the animation when both are one file.
  package var output: RunOutput {
    switch self {
    case .sameFile: .animation
    case .frameName(let output): output
    }
  }

  /// Why the output cannot be written, as `RunError.cannotWrite` gives it.
  var reason: String {
    switch self {
    case .sameFile: "the animation and the contact sheet are one file"
    case .frameName: "it would take the name of a frame in the output folder"
    }
  }
}

extension RunOptions {
  /// The file an output of the run goes to, when it was asked for.
  package func url(of output: RunOutput) -> URL? {
    switch output {
    case .animation: animation?.url
    case .sheet: sheet
    }
  }

  /// The first conflict among the outputs asked for, if any.
  ///
  /// - Parameter outputDirectory: the folder the frames go to.
  package func conflict(outputDirectory: URL) -> OutputConflict? {
    let outputs = [RunOutput.animation, .sheet].compactMap { output in
      url(of: output).map { (output, $0.standardizedFileURL) }
    }
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
}
