; Inference Sizer: per-user Windows installer (no administrator rights needed).
;
; Built by packaging/build.py (which passes the defines below), or by hand:
;   makensis /INPUTCHARSET UTF8 /DVERSION=0.1.0 /DVERSION_NUMERIC=0.1.0.0 ^
;            /DDIST_DIR=C:\src\packaging\dist\InferenceSizer ^
;            /DOUT_FILE=C:\src\packaging\dist\InferenceSizer-0.1.0-setup.exe packaging\windows\installer.nsi
;
; Installs into %LOCALAPPDATA%\Programs\InferenceSizer, adds a Start-menu shortcut, an entry in
; Settings > Apps (HKCU uninstall key) and the project-file association (see packaging/README.md,
; "File association"): projects are saved as NAME.isproj, an extension the app owns, so a
; double-click opens them; older NAME.isproj.json files are .json to Windows (it looks at the last
; extension only), so the app is offered in "Open with" for .json without taking it over. Silent use: setup.exe /S [/D=C:\path] and Uninstall.exe /S.
; User data (%LOCALAPPDATA%\InferenceSizer) stays on uninstall unless "Remove my data" is ticked.

Unicode true
ManifestDPIAware true
SetCompressor /SOLID lzma
SetCompressorDictSize 64

!ifndef VERSION
  !error "Pass /DVERSION=x.y.z (app.__version__)"
!endif
!ifndef VERSION_NUMERIC
  !error "Pass /DVERSION_NUMERIC=a.b.c.d (four numbers, for the file properties)"
!endif
!ifndef DIST_DIR
  !error "Pass /DDIST_DIR=<the PyInstaller one-folder bundle, e.g. packaging\dist\InferenceSizer>"
!endif
!ifndef OUT_FILE
  !define OUT_FILE "InferenceSizer-${VERSION}-setup.exe"
!endif
!ifndef ICON
  !define ICON "../icons/inference-sizer.ico"  ; makensis runs in the script's folder
!endif

!define APP_NAME "Inference Sizer"
!define APP_ID "InferenceSizer"
!define APP_EXE "InferenceSizer.exe"
!define PUBLISHER "Inference Sizer team"
!define PROGID "InferenceSizer.Project"
!define PROJECT_TYPE_NAME "Inference Sizer project"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP_ID}"
!define APP_KEY "Software\${APP_ID}"

!include "MUI2.nsh"
!include "FileFunc.nsh"
!include "LogicLib.nsh"
!include "x64.nsh"

Name "${APP_NAME} ${VERSION}"
OutFile "${OUT_FILE}"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\Programs\${APP_ID}"
InstallDirRegKey HKCU "${APP_KEY}" "InstallDir"
BrandingText "${APP_NAME} ${VERSION}"

VIProductVersion "${VERSION_NUMERIC}"
VIFileVersion "${VERSION_NUMERIC}"
VIAddVersionKey /LANG=1033 "ProductName" "${APP_NAME}"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileDescription" "${APP_NAME} setup"
VIAddVersionKey /LANG=1033 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=1033 "LegalCopyright" "© ${PUBLISHER}"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${APP_EXE}"
!define MUI_FINISHPAGE_RUN_TEXT "Start ${APP_NAME}"
!define MUI_COMPONENTSPAGE_NODESC

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_COMPONENTS
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "SimpChinese"

Function .onInit
  ${If} ${RunningX64}
    SetRegView 64
  ${EndIf}
FunctionEnd

Function un.onInit
  ${If} ${RunningX64}
    SetRegView 64
  ${EndIf}
FunctionEnd

Section "-Install"
  SetOutPath "$INSTDIR"
  ; An upgrade replaces the bundle whole, so no module of an older version is left behind.
  RMDir /r "$INSTDIR\_internal"
  File /r "${DIST_DIR}\*.*"
  WriteUninstaller "$INSTDIR\Uninstall.exe"

  CreateShortcut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\${APP_EXE}" "" "$INSTDIR\${APP_EXE}" 0

  WriteRegStr HKCU "${APP_KEY}" "InstallDir" "$INSTDIR"
  WriteRegStr HKCU "${APP_KEY}" "Version" "${VERSION}"

  ; Settings > Apps entry.
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${APP_EXE},0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\Uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\Uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" "$0"

  ; Project files: a ProgID, the single extension .isproj, and "Open with" for .json.
  WriteRegStr HKCU "Software\Classes\${PROGID}" "" "${PROJECT_TYPE_NAME}"
  WriteRegStr HKCU "Software\Classes\${PROGID}" "FriendlyTypeName" "${PROJECT_TYPE_NAME}"
  WriteRegStr HKCU "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\${APP_EXE},0"
  WriteRegStr HKCU "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\${APP_EXE}" "%1"'
  WriteRegStr HKCU "Software\Classes\.isproj" "" "${PROGID}"
  WriteRegStr HKCU "Software\Classes\.isproj" "Content Type" "application/vnd.inference-sizer.project+json"
  WriteRegStr HKCU "Software\Classes\.isproj\OpenWithProgids" "${PROGID}" ""
  WriteRegStr HKCU "Software\Classes\.json\OpenWithProgids" "${PROGID}" ""
  WriteRegStr HKCU "Software\Classes\Applications\${APP_EXE}" "FriendlyAppName" "${APP_NAME}"
  WriteRegStr HKCU "Software\Classes\Applications\${APP_EXE}\shell\open\command" "" '"$INSTDIR\${APP_EXE}" "%1"'
  WriteRegStr HKCU "Software\Classes\Applications\${APP_EXE}\SupportedTypes" ".json" ""
  WriteRegStr HKCU "Software\Classes\Applications\${APP_EXE}\SupportedTypes" ".isproj" ""
  ; SHCNE_ASSOCCHANGED: Explorer picks up the new icon and "Open with" entry at once.
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd

Section "un.${APP_NAME}" SecUnApp
  SectionIn RO
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${APP_EXE}"
  Delete "$INSTDIR\Uninstall.exe"
  RMDir "$INSTDIR"  ; only if empty: never removes anything the user put there

  DeleteRegValue HKCU "Software\Classes\.json\OpenWithProgids" "${PROGID}"
  DeleteRegValue HKCU "Software\Classes\.isproj\OpenWithProgids" "${PROGID}"
  ReadRegStr $0 HKCU "Software\Classes\.isproj" ""
  ${If} $0 == "${PROGID}"
    DeleteRegKey HKCU "Software\Classes\.isproj"
  ${EndIf}
  DeleteRegKey HKCU "Software\Classes\${PROGID}"
  DeleteRegKey HKCU "Software\Classes\Applications\${APP_EXE}"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  DeleteRegValue HKCU "${APP_KEY}" "InstallDir"
  DeleteRegValue HKCU "${APP_KEY}" "Version"
  DeleteRegKey /ifempty HKCU "${APP_KEY}"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd

; Off by default: the catalog database with the user's own parts and prices, autosaves, probe
; reports (platformdirs' user data dir) and the window settings (QSettings in the registry).
Section /o "un.Remove my data (own parts, prices, autosaves, settings)" SecUnData
  RMDir /r "$LOCALAPPDATA\${APP_ID}\${APP_ID}"
  RMDir "$LOCALAPPDATA\${APP_ID}"
  DeleteRegKey HKCU "${APP_KEY}"
SectionEnd
