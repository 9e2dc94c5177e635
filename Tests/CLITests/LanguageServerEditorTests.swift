import CirclesTestSupport
import Foundation
import Testing

/// `circles lsp` with a real client: Debian's Neovim, headless and without a user's
/// configuration, its built-in language client started on a script with a mistake.
///
/// Neovim is installed by `scripts/ensure-deps --test`; where it cannot be, the test fails
/// saying so.
@Suite("circles lsp in Neovim")
struct LanguageServerEditorTests {
  /// Starts the client on the buffer, waits for diagnostics, asks for a completion and a
  /// definition, formats the buffer and renames a circle, and writes what it received and the
  /// buffer's lines, a line each.
  static let probe = """
    local out = {}
    local id = vim.lsp.start_client({
      name = 'circles', cmd = { os.getenv('CIRCLES'), 'lsp' }, root_dir = vim.fn.getcwd() })
    vim.lsp.buf_attach_client(0, id)
    vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)
    for _, d in ipairs(vim.diagnostic.get(0)) do
      table.insert(out, string.format('diagnostic %d:%d %s', d.lnum, d.col, d.message))
    end
    local params = {
      textDocument = vim.lsp.util.make_text_document_params(),
      position = { line = 2, character = 7 } }
    local result = vim.lsp.buf_request_sync(0, 'textDocument/completion', params, 20000)
    for _, r in pairs(result or {}) do
      for _, item in ipairs(r.result or {}) do table.insert(out, 'completion ' .. item.label) end
    end
    params.position = { line = 2, character = 10 }
    result = vim.lsp.buf_request_sync(0, 'textDocument/definition', params, 20000)
    for _, r in pairs(result or {}) do
      local range = r.result and r.result.range
      if range then
        table.insert(out, string.format('definition %d:%d', range.start.line, range.start.character))
      end
    end
    local document = vim.lsp.util.make_text_document_params()
    result = vim.lsp.buf_request_sync(0, 'textDocument/formatting',
      { textDocument = document, options = { tabSize = 2, insertSpaces = true } }, 20000)
    for _, r in pairs(result or {}) do
      if r.result then vim.lsp.util.apply_text_edits(r.result, 0, 'utf-16') end
    end
    result = vim.lsp.buf_request_sync(0, 'textDocument/rename',
      { textDocument = document, position = { line = 0, character = 5 }, newName = 'star' }, 20000)
    for _, r in pairs(result or {}) do
      if r.result then vim.lsp.util.apply_workspace_edit(r.result, 'utf-16') end
    end
    for _, line in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
      table.insert(out, 'line ' .. line)
    end
    io.stdout:write(table.concat(out, '\\n') .. '\\n')
    vim.cmd('qa!')
    """

  @Test("Neovim's client shows the mistake, completes an id, finds its add, formats and renames")
  func neovim() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.probe, to: "probe.lua")
    try folder.write(
      "add sun at 10,10 r 5\nremove moon\n  move   sun by 1,1\n", to: "scene.circles")
    let neovim = try Program(named: "nvim", package: "neovim")
    let outcome = try await neovim.run(
      ["--headless", "-n", "-u", "NONE", "-c", "luafile probe.lua", "scene.circles"],
      in: folder.url, environment: ["CIRCLES": try Executable.url.path])
    #expect(
      outcome.stdout == """
        diagnostic 1:7 no circle named 'moon'
        completion sun
        definition 0:4
        line add star at 10,10 r 5
        line remove moon
        line move star by 1,1

        """, "\(outcome)")
  }
}
