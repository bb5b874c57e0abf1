{
  "targets": [
    {
      "target_name": "custos_native",
      "cflags_cc": ["-std=c++17", "-fexceptions"],
      "cflags_cc!": ["-fno-exceptions"],
      "defines": ["NAPI_VERSION=8", "NAPI_CPP_EXCEPTIONS"],
      "include_dirs": ["<!(node -p \"require('node-addon-api').include_dir\")"],
      "sources": ["src/common/addon.cc"]
    }
  ]
}
