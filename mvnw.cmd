@echo off
rem Fenced's Maven entry point on Windows: what mvnw does, for cmd.exe and PowerShell users.
rem
rem Runs the installed Maven when it is 3.8 or newer. Otherwise it fetches the pinned Maven below
rem once into %USERPROFILE%\.m2\wrapper (or %MAVEN_USER_HOME%\wrapper) and runs that: from the Apache
rem download site, or, when MVNW_REPOURL is set, from that Maven repository base URL (the usual
rem repository layout). The download is checked against the SHA-512 below. Needs PowerShell 5, which
rem every supported Windows has. Keep MAVEN_VERSION equal to mvnw's.
setlocal

set "MAVEN_VERSION=3.9.11"
set "MAVEN_ZIP_SHA512=03e2d65d4483a3396980629f260e25cac0d8b6f7f2791e4dc20bc83f9514db8d0f05b0479e699a5f34679250c49c8e52e961262ded468a20de0be254d8207076"

set "FOUND_VERSION="
for /f "tokens=3" %%v in ('mvn --version 2^>nul ^| findstr /b /c:"Apache Maven"') do (
  if not defined FOUND_VERSION set "FOUND_VERSION=%%v"
)
if defined FOUND_VERSION (
  for /f "tokens=1,2 delims=." %%a in ("%FOUND_VERSION%") do (
    if %%a GTR 3 goto installed
    if %%a EQU 3 if %%b GEQ 8 goto installed
  )
)

if defined MAVEN_USER_HOME (
  set "MAVEN_DIR=%MAVEN_USER_HOME%\wrapper\apache-maven-%MAVEN_VERSION%"
) else (
  set "MAVEN_DIR=%USERPROFILE%\.m2\wrapper\apache-maven-%MAVEN_VERSION%"
)
if exist "%MAVEN_DIR%\bin\mvn.cmd" goto pinned

set "ARCHIVE=apache-maven-%MAVEN_VERSION%-bin.zip"
if defined MVNW_REPOURL (
  if "%MVNW_REPOURL:~-1%"=="/" set "MVNW_REPOURL=%MVNW_REPOURL:~0,-1%"
)
if defined MVNW_REPOURL (
  set "MAVEN_URL=%MVNW_REPOURL%/org/apache/maven/apache-maven/%MAVEN_VERSION%/%ARCHIVE%"
) else (
  set "MAVEN_URL=https://archive.apache.org/dist/maven/maven-3/%MAVEN_VERSION%/binaries/%ARCHIVE%"
)
echo mvnw: no Maven 3.8+ on PATH; fetching Maven %MAVEN_VERSION% from %MAVEN_URL% 1>&2
rem The values reach PowerShell as environment variables, so no quoting of paths or URLs is needed.
powershell -NoProfile -NonInteractive -ExecutionPolicy Bypass -Command ^
  "$ErrorActionPreference = 'Stop';" ^
  "[Net.ServicePointManager]::SecurityProtocol = [Net.SecurityProtocolType]::Tls12;" ^
  "$work = Join-Path ([IO.Path]::GetTempPath()) ([IO.Path]::GetRandomFileName());" ^
  "New-Item -ItemType Directory -Path $work | Out-Null;" ^
  "try {" ^
  "  $zip = Join-Path $work $env:ARCHIVE;" ^
  "  Invoke-WebRequest -UseBasicParsing -Uri $env:MAVEN_URL -OutFile $zip;" ^
  "  $actual = (Get-FileHash -Algorithm SHA512 -Path $zip).Hash.ToLowerInvariant();" ^
  "  if ($actual -ne $env:MAVEN_ZIP_SHA512) { throw ('checksum mismatch for ' + $env:ARCHIVE + ': expected ' + $env:MAVEN_ZIP_SHA512 + ', got ' + $actual) }" ^
  "  Expand-Archive -Path $zip -DestinationPath $work;" ^
  "  New-Item -ItemType Directory -Force -Path (Split-Path -Parent $env:MAVEN_DIR) | Out-Null;" ^
  "  if (Test-Path $env:MAVEN_DIR) { Remove-Item -Recurse -Force $env:MAVEN_DIR }" ^
  "  Move-Item -Path (Join-Path $work ('apache-maven-' + $env:MAVEN_VERSION)) -Destination $env:MAVEN_DIR" ^
  "} finally { Remove-Item -Recurse -Force $work }"
if errorlevel 1 (
  echo mvnw: could not install Maven %MAVEN_VERSION% from %MAVEN_URL% 1>&2
  exit /b 1
)

:pinned
call "%MAVEN_DIR%\bin\mvn.cmd" %*
exit /b %ERRORLEVEL%

:installed
call mvn %*
exit /b %ERRORLEVEL%
