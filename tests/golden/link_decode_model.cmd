link
decode
#v=1&preset=lora-7b&model=qwen2.5-7b&seq=2048
--format
table
