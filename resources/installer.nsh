; Included by electron-builder's NSIS installer (electron-builder.ts `nsis.include`; docs/packaging.md):
; registers the mcp-switchboard:// scheme (src-shared/deep-link.ts DEEP_LINK_SCHEME) for the install's
; scope at install time, and removes it at uninstall. The app also registers it at every start
; (deep-links.ts, app.setAsDefaultProtocolClient).
!macro customInstall
  WriteRegStr SHCTX "Software\Classes\mcp-switchboard" "" "URL:MCP Switchboard link"
  WriteRegStr SHCTX "Software\Classes\mcp-switchboard" "URL Protocol" ""
  WriteRegStr SHCTX "Software\Classes\mcp-switchboard\shell\open\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
!macroend

!macro customUnInstall
  DeleteRegKey SHCTX "Software\Classes\mcp-switchboard"
!macroend
