{
  "targets": [
    {
      "target_name": "custos_native",
      "cflags_cc": ["-std=c++17", "-fexceptions"],
      "cflags_cc!": ["-fno-exceptions"],
      "defines": ["NAPI_VERSION=8", "NAPI_CPP_EXCEPTIONS"],
      "include_dirs": ["<!(node -p \"require('node-addon-api').include_dir\")"],
      "sources": ["src/common/addon.cc", "src/common/coded-error.cc", "src/common/export.cc"],
      "conditions": [
        [
          "OS=='linux'",
          {
            "sources": ["src/linux/errno-error.cc", "src/linux/xattr.cc", "src/linux/fanotify.cc", "src/linux/fanotify-hold.cc", "src/linux/peercred.cc", "src/linux/page-out.cc", "src/linux/register.cc"]
          }
        ],
        [
          "OS=='win'",
          {
            "defines": ["UNICODE", "_UNICODE", "NOMINMAX", "_WIN32_WINNT=0x0A00"],
            "sources": [
              "src/win/win-error.cc",
              "src/win/wide.cc",
              "src/win/host.cc",
              "src/win/js-events.cc",
              "src/win/token-groups.cc",
              "src/win/streams.cc",
              "src/win/volumes.cc",
              "src/win/device-watch.cc",
              "src/win/event-log.cc",
              "src/win/service.cc",
              "src/win/registry.cc",
              "src/win/wfp-session.cc",
              "src/win/wfp-filters.cc",
              "src/win/pipe-conn.cc",
              "src/win/session-pipe.cc",
              "src/win/session-launch.cc",
              "src/win/dialog-template.cc",
              "src/win/session-dialog.cc",
              "src/win/register.cc"
            ],
            "libraries": [
              "advapi32.lib", "fwpuclnt.lib", "setupapi.lib", "user32.lib", "userenv.lib", "wtsapi32.lib"
            ],
            "msvs_settings": { "VCCLCompilerTool": { "ExceptionHandling": 1, "AdditionalOptions": ["/std:c++17"] } }
          }
        ],
        [
          "OS!='linux' and OS!='win'",
          {
            "sources": ["src/common/register-none.cc"]
          }
        ]
      ]
    }
  ]
}
